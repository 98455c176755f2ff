import type { InvoiceSummary } from "~/server/invoices/invoices";
import { BillingDetailsForm } from "~/features/portal/billing-details-form";
import { formatDateTime } from "~/lib/dates";

/**
 * A paid payment's invoices in the portal, newest version first, each a PDF link, and the form that issues a
 * corrected version with the buyer's billing details. Nothing before the payment is paid.
 */
export function InvoicesSection({
  paymentId,
  invoices,
  timeZone,
}: {
  paymentId: string;
  invoices: InvoiceSummary[];
  timeZone: string;
}) {
  const latest = invoices[0];
  if (!latest) return null;
  const at = (date: Date) => formatDateTime(date, timeZone);
  return (
    <section aria-label="Invoices" className="space-y-3 border-t border-gray-100 pt-4">
      <h2 className="font-semibold text-gray-900">Invoices</h2>
      <ul className="space-y-1 text-sm">
        {invoices.map((invoice) => (
          <li key={invoice.id}>
            <a href={`/api/portal/invoices/${invoice.id}`} className="text-brand-600 font-medium hover:underline">
              Invoice {invoice.number}, version {invoice.version}
            </a>{" "}
            <span className="text-gray-500">
              issued {at(invoice.issuedAt)}
              {invoice.replacesVersion !== null && `, replaces version ${invoice.replacesVersion}`}
            </span>
          </li>
        ))}
      </ul>
      <h3 className="pt-2 font-medium text-gray-900">Billing details</h3>
      <BillingDetailsForm
        paymentId={paymentId}
        initial={{
          name: latest.buyerName ?? "",
          company: latest.buyerCompany ?? "",
          address: latest.buyerAddress ?? "",
          vatId: latest.buyerVatId ?? "",
        }}
      />
    </section>
  );
}
