import { CheckCircle2, Clock } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Card } from "~/components/ui/card";
import { StoreBrand } from "~/features/stores/store-brand";
import { PortalLinkForm } from "~/features/portal/portal-link-form";
import { LicenseKeysSection } from "~/features/licenses/license-key-list";
import { ThankYouDownload } from "~/features/sell-pages/thank-you-download";
import { formatMoney } from "~/lib/money";
import { getThankYou, PENDING_DOWNLOAD_MESSAGE } from "~/server/library/downloads";
import { getThankYouStore } from "~/server/library/library";

// The address carries the buyer's download token: keep it out of Referer headers, caches and search engines.
export const metadata: Metadata = {
  title: "Thank You",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

// Rendered on the server, where the buyer's time zone is unknown: state it.
const paidAtFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/**
 * After a sell-page purchase. The grant token travels in the URL (see the sell-pages report): the page
 * is server-rendered from it, and without a live grant it shows 'Invalid Access'.
 */
export default async function ThankYouPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  const purchase = typeof token === "string" && token ? await getThankYou(token) : null;

  // 'Invalid Access' (./not-found.tsx), answered 404: the address grants nothing.
  if (!purchase || typeof token !== "string") notFound();
  const order = await getThankYouStore(token);
  const rows: [string, string][] = [
    ["Product", purchase.productName],
    ["Transaction ID", purchase.transactionId ?? ""],
  ];
  if (order && order.quantity > 1) rows.push(["Quantity", String(order.quantity)]);
  if (order && order.discountMinor > 0) {
    const code = order.discountCodeText ? ` (${order.discountCodeText})` : "";
    rows.push(["Discount", `-${formatMoney(order.discountMinor, order.currency)}${code}`]);
  }
  rows.push(
    ["Amount Paid", formatMoney(purchase.amountMinor, purchase.currency)],
    ["Date", `${paidAtFormat.format(purchase.paidAt)} UTC`],
  );

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-green-50 to-white px-4 py-10">
      <Card className="w-full max-w-lg space-y-6 p-6 sm:p-8">
        <div className="space-y-2 text-center">
          {purchase.pending ? (
            <>
              <Clock aria-hidden className="mx-auto size-12 text-amber-500" />
              <h1 className="text-2xl font-bold text-gray-900">Thank You for Your Purchase!</h1>
              <p className="text-gray-600">{PENDING_DOWNLOAD_MESSAGE}</p>
            </>
          ) : (
            <>
              <CheckCircle2 aria-hidden className="mx-auto size-12 text-green-600" />
              <h1 className="text-2xl font-bold text-gray-900">Thank You for Your Purchase!</h1>
              <p className="text-gray-600">Your payment was successful and your download is ready.</p>
            </>
          )}
        </div>

        <dl className="divide-y divide-gray-100 rounded-lg border border-gray-200 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-2 px-4 py-3">
              <dt className="text-gray-500">{label}</dt>
              <dd className="font-medium break-all text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>

        {purchase.pending ? (
          <p className="text-center">
            <a
              href={`/thank-you?token=${encodeURIComponent(token)}`}
              className="text-brand-600 font-medium hover:underline"
            >
              Check again
            </a>
          </p>
        ) : (
          <ThankYouDownload
            downloadUrl={`/api/download/${encodeURIComponent(token)}`}
            downloadsLeft={purchase.downloadsLeft}
            hasDownloaded={purchase.downloadCount > 0}
          />
        )}

        <LicenseKeysSection
          keys={purchase.licenseKeys}
          formatDate={(date) => `${paidAtFormat.format(date)} UTC`}
          note="Also in your receipt e-mail and in your purchases."
        />

        {order && <StoreBrand brand={order.store} align="center" className="border-t border-gray-100 pt-4" />}

        <div className="space-y-1 border-t border-gray-100 pt-4 text-center text-sm text-gray-600">
          <p className="font-medium text-gray-900">Need help?</p>
          <p>
            Your receipt e-mail links to your purchases, where you can download again later.{" "}
            <Link href="/portal" className="text-brand-600 font-medium hover:underline">
              Manage your purchase
            </Link>
          </p>
          <div className="mx-auto max-w-sm pt-2 text-left">
            <PortalLinkForm />
          </div>
          <p className="flex justify-center gap-4 pt-1">
            <Link href="/terms" className="text-brand-600 hover:underline">
              Terms
            </Link>
            <Link href="/privacy" className="text-brand-600 hover:underline">
              Privacy
            </Link>
            <Link href="/" className="text-brand-600 hover:underline">
              Return to Home
            </Link>
          </p>
        </div>
      </Card>
    </main>
  );
}
