import type { Metadata } from "next";
import { PdtConfirmation, type PdtOutcome } from "~/features/wps/pdt-confirmation";
import { formatMoney } from "~/lib/money";
import { confirmWpsReturn } from "~/server/wps/pdt";

// PayPal's return carries the buyer's transaction id: keep it out of Referer headers and search engines.
export const metadata: Metadata = {
  title: "Payment Confirmation",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

type Query = Record<string, string | string[] | undefined>;

const one = (query: Query, name: string) => {
  const value = query[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() ? text.trim() : undefined;
};

// Rendered on the server, where the buyer's time zone is unknown: state it.
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** PayPal writes payment_date its own way ("10:42:07 Nov 24, 2026 PST"), shown as is; our ISO dates get formatted. */
function paymentDateText(value: string | null): string | null {
  if (!value) return null;
  return /^\d{4}-\d{2}-\d{2}T/.test(value) ? `${dateFormat.format(new Date(value))} UTC` : value;
}

/**
 * The outcomes in order. Amount, item and status of 'Payment Successful!' come only from a payment
 * PayPal verified (confirmWpsReturn: a recorded IPN, or the PDT redeemed here), never from the query alone.
 */
async function outcomeOf(query: Query): Promise<PdtOutcome> {
  const error = one(query, "error");
  if (error) return { kind: "failed", code: error };
  const payerId = one(query, "payer_id");
  if (one(query, "minimal") === "true" && payerId) return { kind: "thanks", payerId };
  // `tx` is PayPal's PDT parameter; transaction_id the spec's own name for it. `cm` is the button id PayPal echoes.
  const tx = one(query, "tx") ?? one(query, "transaction_id");
  if (tx) {
    const verified = await confirmWpsReturn({ tx, cm: one(query, "cm") });
    if (verified.kind === "verified") {
      return {
        kind: "paid",
        transactionId: verified.transactionId,
        amount: formatMoney(verified.amountMinor, verified.currency),
        itemName: verified.itemName,
        status: verified.status,
        paymentDate: paymentDateText(verified.paymentDate),
      };
    }
    if (verified.kind === "error") return { kind: "failed", code: verified.code };
    return { kind: "received" };
  }
  if (query.success !== undefined) return { kind: "received" };
  return { kind: "unknown" };
}

export default async function PdtConfirmationPage({ searchParams }: { searchParams: Promise<Query> }) {
  return <PdtConfirmation outcome={await outcomeOf(await searchParams)} />;
}
