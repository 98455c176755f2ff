import { Download } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { DateTime } from "~/components/ui/date-time";
import { DetailCard } from "~/features/payments/detail-card";

type InvoiceRow = { id: string; number: string; version: number; replacesVersion: number | null; issuedAt: Date };

/** Where the seller downloads one invoice version's PDF (a plain link: the browser saves the file). */
export function invoiceDownloadHref(invoiceId: string) {
  return `/api/exports/invoices/${encodeURIComponent(invoiceId)}`;
}

/**
 * The payment's invoices, newest version first, each with its PDF. A buyer's correction adds a version; the older
 * ones stay listed because they were issued and may already be in someone's books.
 */
export function InvoicesCard({ invoices }: { invoices: InvoiceRow[] }) {
  return (
    <DetailCard title="Invoices" isList>
      {invoices.length === 0 ? (
        <p className="py-4 text-sm text-gray-600">An invoice is issued once the payment is completed.</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {invoices.map((invoice, index) => (
            <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-gray-900">{invoice.number}</span>
                <span className="text-gray-600">Version {invoice.version}</span>
                {index === 0 && invoices.length > 1 && <Badge tone="green">Current</Badge>}
                {index > 0 && <Badge tone="gray">Replaced</Badge>}
              </span>
              <span className="flex flex-wrap items-center gap-3">
                <span className="text-xs text-gray-600">
                  Issued <DateTime value={invoice.issuedAt} style="date" />
                </span>
                <a
                  href={invoiceDownloadHref(invoice.id)}
                  download
                  aria-label={`Download ${invoice.number} version ${invoice.version} (PDF)`}
                  className="text-brand-700 focus-visible:outline-brand-600 inline-flex items-center gap-1 rounded font-medium hover:underline focus-visible:outline-2"
                >
                  <Download aria-hidden className="size-4" />
                  Download
                </a>
              </span>
            </li>
          ))}
        </ul>
      )}
    </DetailCard>
  );
}
