import { checkoutMessages } from "~/lib/checkout-messages";
import type { CaptureResult, PublicButton } from "~/server/services/checkout";
import type { describeQuote } from "~/server/services/checkout-pricing";

// Buyers' pages pay through the same JSON endpoints as the embed script (src/app/api/checkout), with a plain
// fetch: no tRPC or React Query client in their JavaScript.

export type { PublicButton };

/** A failed checkout call; `message` is written for buyers (our server's own, else the spec's generic one). */
export class CheckoutError extends Error {
  constructor(
    message: string,
    /** PayPal's issue, e.g. INSTRUMENT_DECLINED. */
    readonly issue?: string,
    /** The request never got an answer, or our server failed (5xx): the same call may succeed later. */
    readonly retryable = false,
  ) {
    super(message);
  }
}

type Answers = {
  orders: { orderId: string };
  quote: ReturnType<typeof describeQuote>;
  capture: CaptureResult;
  subscriptions: { status: string };
};

export async function postCheckout<Path extends keyof Answers>(
  path: Path,
  body: Record<string, string>,
): Promise<Answers[Path]> {
  let response: Response;
  try {
    response = await fetch(`/api/checkout/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new CheckoutError(checkoutMessages.error, undefined, true);
  }
  const json = (await response.json().catch(() => ({}))) as { error?: { message?: string; issue?: string } };
  if (response.ok) return json as Answers[Path];
  throw new CheckoutError(json.error?.message ?? checkoutMessages.error, json.error?.issue, response.status >= 500);
}

/**
 * The capture after the buyer approved, retried after 1, 2, 4 and 8 s while it fails on our side (a restart, a
 * database hiccup): it is idempotent on the order, and the reconciliation job records it if every try fails.
 */
export async function captureWithRetries(body: { buttonId: string; orderId: string }): Promise<CaptureResult> {
  for (let wait = 1000; ; wait *= 2) {
    try {
      return await postCheckout("capture", body);
    } catch (error) {
      if (!(error instanceof CheckoutError) || !error.retryable || wait > 8000) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
