import { checkoutMessages } from "~/lib/checkout-messages";
import type { CaptureResult } from "~/server/checkout/capture";
import type { PublicButton } from "~/server/checkout/public-button";
import type { quoteOrder } from "~/server/checkout/orders";
import type { answerUpsell } from "~/server/checkout/upsell";
import type { describeCart } from "~/server/checkout/cart";

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
    /** Our server was too busy to start (503): nothing was done, nothing charged. */
    readonly busy = false,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answers = {
  orders: { orderId: string };
  quote: Awaited<ReturnType<typeof quoteOrder>>;
  capture: CaptureResult;
  subscriptions: { status: string };
  "subscriptions/start": { subscriptionId: string };
  upsell: Partial<{ taken: { paymentId: string | null; status: string }; orderId: string; declined: boolean }> &
    Awaited<ReturnType<typeof answerUpsell>>;
  "cart/quote": ReturnType<typeof describeCart>;
  "cart/orders": { orderId: string; buttonId: string; cart: ReturnType<typeof describeCart> };
};

export async function postCheckout<Path extends keyof Answers>(
  path: Path,
  body: Record<string, unknown>,
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
  throw new CheckoutError(
    json.error?.message ?? checkoutMessages.error,
    json.error?.issue,
    response.status >= 500,
    response.status === 503,
  );
}

/** Creates the order, asking again a few times while our server answers "busy" (nothing is charged then). */
export async function createOrderWhenFree(body: Record<string, string>): Promise<string> {
  return (await whenFree(() => postCheckout("orders", body))).orderId;
}

/** Starts a subscription at PayPal (with the buyer's VAT), asked again like createOrderWhenFree. */
export async function startSubscriptionWhenFree(body: Record<string, string>): Promise<string> {
  return (await whenFree(() => postCheckout("subscriptions/start", body))).subscriptionId;
}

/** A store page's cart as one order, asked again like createOrderWhenFree. */
export function createCartOrderWhenFree(body: Record<string, unknown>) {
  return whenFree(() => postCheckout("cart/orders", body));
}

async function whenFree<T>(create: () => Promise<T>): Promise<T> {
  for (let tries = 5; ; tries--) {
    try {
      return await create();
    } catch (error) {
      if (!(error instanceof CheckoutError) || !error.busy || tries === 0) throw error;
      await sleep(2000);
    }
  }
}

const CONFIRM_FOR_MS = 10 * 60 * 1000;

/**
 * The capture after the buyer approved. A buyer is told it failed only when PayPal refused it: while our server
 * answers "confirming" (PayPal may have the money, it is not recorded yet) or fails on our side, `onConfirming`
 * gets the "being confirmed" sentence and the capture (idempotent on the order) is asked again every 2 s, or
 * after 1, 2, 4, then every 8 s after a failure, for up to 10 minutes. Past that, the last answer is returned:
 * the webhook or the reconciliation records the payment and the receipt e-mail follows.
 */
export async function captureWithRetries(
  body: { buttonId: string; orderId: string },
  onConfirming: (text: string) => void,
): Promise<CaptureResult> {
  const until = Date.now() + CONFIRM_FOR_MS;
  for (let wait = 1000; ; wait = Math.min(wait * 2, 8000)) {
    let result: CaptureResult | null = null;
    try {
      result = await postCheckout("capture", body);
      if (result.status !== "confirming") return result;
      onConfirming(result.message ?? checkoutMessages.confirming.replace("{id}", result.paymentId));
    } catch (error) {
      if (!(error instanceof CheckoutError) || !error.retryable) throw error;
      // We cannot tell whether PayPal took the money: after a few tries the buyer is told it is being confirmed.
      if (wait > 2000) onConfirming(checkoutMessages.confirming.replace("{id}", body.orderId));
    }
    if (Date.now() > until) {
      return (
        result ?? {
          ...body,
          paymentId: body.orderId,
          status: "confirming",
          downloadToken: null,
          downloadNotice: null,
          licenseKeys: [],
          upsell: null,
        }
      );
    }
    await sleep(result ? 2000 : wait);
  }
}
