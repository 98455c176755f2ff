import { Download } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { LicenseKeysSection } from "~/features/licenses/license-key-list";
import { InvoicesSection } from "~/features/portal/invoices-section";
import { PaymentReceipt } from "~/features/portal/payment-receipt";
import { PortalHeader } from "~/features/portal/portal-header";
import { formatDateTime } from "~/lib/dates";
import { formatFileSize } from "~/lib/file-types";
import { invoicesOf } from "~/server/invoices/invoices";
import { orNotFound, requireBuyer } from "~/server/portal/current-buyer";
import { portalPayment } from "~/server/portal/portal";

export const metadata: Metadata = { title: "Receipt" };

async function load(email: string, id: string) {
  const detail = await portalPayment(email, id);
  return { ...detail, invoices: await invoicesOf({ buyerEmail: email }, id) };
}

/** One payment: the receipt, its refunds, its file, its license keys, its invoices and the buyer's billing details. */
export default async function PortalPaymentPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const email = await requireBuyer(`/portal/payments/${id}`);
  const detail = await orNotFound(load(email, id));
  const { payment, refunds, store, files, invoices, subscriptionId, licenseKeys } = detail;
  const refused = (await searchParams).download === "refused";

  return (
    <>
      <PortalHeader email={email} back />
      <PaymentReceipt payment={payment} refunds={refunds} store={store}>
        {subscriptionId && (
          <p className="text-sm">
            <Link
              href={`/portal/subscriptions/${subscriptionId}`}
              className="text-brand-600 font-medium hover:underline"
            >
              Manage the subscription
            </Link>
          </p>
        )}
        {files.map((file) => (
          <section
            key={file.fileId}
            aria-label={files.length > 1 ? `Download ${file.productName}` : "Download"}
            className="space-y-2 border-t border-gray-100 pt-4"
          >
            <h2 className="font-semibold text-gray-900">
              {files.length > 1 ? `Download ${file.productName}` : "Download"}
            </h2>
            <p className="text-sm text-gray-600">
              {file.fileName} ({formatFileSize(file.fileSize)}).{" "}
              {file.liveDownloadsLeft > 0
                ? `${file.liveDownloadsLeft} download${file.liveDownloadsLeft === 1 ? "" : "s"} left in the current 24-hour window.`
                : file.canDownload
                  ? "Downloading opens a 24-hour window of 5 downloads."
                  : `You have used this purchase's downloads for now; more open on ${formatDateTime(file.nextWindowAt!, store.timeZone, "date")}.`}
            </p>
            {refused && !file.canDownload && (
              <Alert>This purchase cannot be downloaded again yet. Contact {file.supportEmail} for help.</Alert>
            )}
            <form method="post" action={`/api/portal/payments/${payment.id}/download`}>
              <input type="hidden" name="fileId" value={file.fileId} />
              <Button type="submit" disabled={!file.canDownload}>
                <Download aria-hidden className="size-4" />
                Download
              </Button>
            </form>
          </section>
        ))}
        <LicenseKeysSection keys={licenseKeys} formatDate={(date) => formatDateTime(date, store.timeZone, "date")} />
        <InvoicesSection paymentId={payment.id} invoices={invoices} timeZone={store.timeZone} />
      </PaymentReceipt>
    </>
  );
}
