import { Card } from "~/components/ui/card";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { PortalFacts } from "~/features/portal/portal-facts";
import { StoreBrand } from "~/features/stores/store-brand";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { PortalPayment, PortalStore } from "~/server/portal/portal";

type Refund = { id: string; amountMinor: number; currency: PortalPayment["currency"]; createdAt: Date };

/**
 * One payment's receipt card, whichever kind of button took it: the store, status, facts and refunds. What only
 * some payments have (a file, keys, invoices) comes as children, below the refunds.
 */
export function PaymentReceipt({
  payment,
  refunds,
  store,
  children,
}: {
  payment: PortalPayment;
  refunds: Refund[];
  store: PortalStore;
  children?: React.ReactNode;
}) {
  const at = (date: Date) => formatDateTime(date, store.timeZone);
  const money = (minor: number) => formatMoney(minor, payment.currency);
  const rows: [string, string][] = [["Item", payment.item]];
  if (payment.quantity > 1) rows.push(["Quantity", String(payment.quantity)]);
  if (payment.discountMinor > 0) {
    rows.push([
      "Discount",
      `-${money(payment.discountMinor)}${payment.discountCodeText ? ` (${payment.discountCodeText})` : ""}`,
    ]);
  }
  rows.push(["Amount paid", money(payment.amountMinor)], ["PayPal ID", payment.paypalId], ["Date", at(payment.paidAt)]);
  return (
    <Card className="space-y-6 p-6">
      <StoreBrand brand={store.brand} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-gray-900">Receipt</h1>
        <TransactionStatusBadge status={payment.status} />
      </div>
      <PortalFacts rows={rows} />
      {refunds.length > 0 && (
        <section aria-label="Refunds">
          <h2 className="font-semibold text-gray-900">Refunds</h2>
          <ul className="mt-1 text-sm text-gray-700">
            {refunds.map((refund) => (
              <li key={refund.id}>
                {formatMoney(refund.amountMinor, refund.currency)} on {at(refund.createdAt)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {children}
    </Card>
  );
}
