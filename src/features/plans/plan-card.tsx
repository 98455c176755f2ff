import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { ContactSalesDialog } from "~/features/landing/contact-sales-dialog";
import { formatMoney } from "~/lib/money";
import { formatFee, formatPlanPrice } from "~/schemas/plans";
import type { RouterOutputs } from "~/trpc/react";

export type PlanUsage = RouterOutputs["merchant"]["plan"]["usage"];

const plural = (count: number, noun: string) => `${count.toLocaleString("en-US")} ${noun}${count === 1 ? "" : "s"}`;

/** "12 of 100 payments this month", or "12 payments this month · unlimited". */
export function paymentsText(usage: Pick<PlanUsage, "payments" | "limit">): string {
  if (usage.limit === null) return `${plural(usage.payments, "payment")} this month · unlimited`;
  return `${usage.payments.toLocaleString("en-US")} of ${plural(usage.limit, "payment")} this month`;
}

/** The fee accrued per currency ("$0.93 · €0.38"); never added across currencies. */
export function feesText(fees: PlanUsage["fees"]): string {
  const owed = fees.filter((line) => line.feeMinor > 0);
  if (owed.length === 0) return formatMoney(0, "USD");
  return owed.map((line) => formatMoney(line.feeMinor, line.currency)).join(" · ");
}

/** "December 1, 2026": when the month's count starts again (00:00 UTC). */
export function resetDateText(resetsAt: Date): string {
  return resetsAt.toLocaleDateString("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });
}

/** The plan's terms and this month's usage as label / value lines (Store Settings and the staff merchant page). */
export function PlanUsageFacts({ usage }: { usage: PlanUsage }) {
  const plan = usage.plan;
  const limitPercent = usage.limit ? Math.min(100, Math.round((usage.payments / usage.limit) * 100)) : null;
  const rows: [string, string][] = [
    ["Plan", plan ? `${plan.name} · ${formatPlanPrice(plan.priceMinor)} a month` : "No plan"],
    ["Payments", paymentsText(usage)],
    ["Popkit fee", plan && plan.feeBasisPoints > 0 ? `${formatFee(plan.feeBasisPoints)} of each payment` : "None (0%)"],
    ["Fee this month", feesText(usage.fees)],
  ];
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-gray-600">{label}</dt>
            <dd className="font-medium break-words text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      {limitPercent !== null && (
        <div aria-hidden className="h-2 overflow-hidden rounded-full bg-gray-100">
          <div
            className={usage.isAtLimit ? "h-full bg-red-500" : "bg-brand-600 h-full"}
            style={{ width: `${limitPercent}%` }}
          />
        </div>
      )}
    </div>
  );
}

/** The warning a store at its limit shows; `who` is "Your store" for the seller, the store's name for staff. */
export function limitReachedText(usage: PlanUsage, who = "Your store"): string {
  return (
    `${who} has reached its plan's limit of ${plural(usage.limit ?? 0, "payment")} this month. Buyers can't start ` +
    `new checkouts until ${resetDateText(usage.month.resetsAt)} (UTC), when the count starts again. Payments buyers ` +
    "already approved are still captured."
  );
}

/**
 * Store Settings' "Your plan": the plan staff put the store on (or the default), this month's completed payments
 * against its limit, the Popkit fee and what it came to this month, a warning at the limit, and how to change plan
 * (there is no self-service switch: the contact form writes to sales).
 */
export function PlanCard({ usage, contact }: { usage: PlanUsage; contact: { email: string; storeName: string } }) {
  return (
    <Card className="space-y-4 p-6">
      <section aria-labelledby="plan-title" className="space-y-4">
        <div>
          <h2 id="plan-title" className="text-lg font-semibold text-gray-900">
            Your plan
          </h2>
          <p className="text-sm text-gray-600">
            Payments count when they complete, WPS payments included, per calendar month in UTC. The fee is a share of
            this month&apos;s revenue after refunds.
          </p>
        </div>
        <PlanUsageFacts usage={usage} />
        {usage.isAtLimit && <Alert tone="warning">{limitReachedText(usage)}</Alert>}
        <ContactSalesDialog
          label="Contact us to change plan"
          title="Change plan"
          topic="plan change"
          intro="Tell us which plan you would like for your store."
          defaultValues={{ email: contact.email, company: contact.storeName }}
          size="md"
        />
      </section>
    </Card>
  );
}
