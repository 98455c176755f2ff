import { cn } from "~/lib/cn";

/** What a payment attempt ended with, shown beside the button; null before an attempt and when a new one starts. */
export type PaymentNotice = { tone: "success" | "pending" | "error"; text: string } | null;

// The colours of the UI kit's alerts and of the embed loader's messages (src/embed/payment-button.ts).
const tones = {
  success: "border-green-200 bg-green-50 text-green-700",
  pending: "border-yellow-200 bg-yellow-50 text-yellow-800",
  error: "border-red-200 bg-red-50 text-red-700",
} as const;

/**
 * The outcome of a payment in the page, never in a native dialog: errors in an alert region, anything
 * else in a status region. Both regions are always rendered, empty while there is nothing to say, because screen
 * readers announce text that appears in an existing live region more reliably than a region that appears with it.
 */
export function PaymentMessage({ notice }: { notice: PaymentNotice }) {
  const box = notice && <p className={cn("rounded-lg border px-4 py-3 text-sm", tones[notice.tone])}>{notice.text}</p>;
  return (
    <>
      <div role="status">{notice?.tone !== "error" && box}</div>
      <div role="alert">{notice?.tone === "error" && box}</div>
    </>
  );
}
