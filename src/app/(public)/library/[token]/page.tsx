import { Download, Library } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { StoreBrand } from "~/features/stores/store-brand";
import { formatFileSize } from "~/lib/file-types";
import { formatMoney } from "~/lib/money";
import { getLibrary } from "~/server/library/library";

// The address is the buyer's key to their files: keep it out of Referer headers, caches and search engines.
export const metadata: Metadata = {
  title: "Your purchases",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};
export const dynamic = "force-dynamic";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** Every file a buyer paid for with one e-mail, with fresh download links (limited per purchase). */
export default async function LibraryPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const { refused } = await searchParams;
  const library = await getLibrary(token);

  // The expired-link page (./not-found.tsx), answered 404.
  if (!library) notFound();

  return (
    <main className="mx-auto min-h-screen max-w-3xl px-4 py-10">
      <div className="flex items-center gap-3">
        <Library aria-hidden className="text-brand-600 size-8" />
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Your purchases</h1>
          <p className="text-sm text-gray-600">Files bought with {library.email}</p>
        </div>
      </div>
      {library.purchases.length === 0 ? (
        <p className="mt-8 text-gray-600">
          There is nothing to download here: purchases that were refunded in full are no longer listed.
        </p>
      ) : (
        <ul className="mt-8 space-y-4">
          {library.purchases.map((purchase) => (
            <li key={purchase.id}>
              <Card className="space-y-3 p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h2 className="text-lg font-semibold text-gray-900">{purchase.productName}</h2>
                    <p className="text-sm text-gray-600">
                      {formatMoney(purchase.amountMinor, purchase.currency)} · {dateFormat.format(purchase.paidAt)}
                    </p>
                    <p className="text-xs break-all text-gray-500">Purchase ID {purchase.purchaseId}</p>
                  </div>
                  <form method="post" action={`/api/library/${encodeURIComponent(token)}/download`}>
                    <input type="hidden" name="purchase" value={purchase.id} />
                    <Button type="submit" disabled={!purchase.canDownload}>
                      <Download aria-hidden className="size-4" />
                      Download
                    </Button>
                  </form>
                </div>
                <p className="text-sm text-gray-600">
                  {purchase.fileName} ({formatFileSize(purchase.fileSize)}).{" "}
                  {purchase.liveDownloadsLeft > 0
                    ? `${purchase.liveDownloadsLeft} download${purchase.liveDownloadsLeft === 1 ? "" : "s"} left in the current 24-hour window.`
                    : purchase.canDownload
                      ? "Downloading opens a 24-hour window of 5 downloads."
                      : `You have used this purchase's downloads for now; more open on ${dateFormat.format(purchase.nextWindowAt!)}.`}
                </p>
                {refused === purchase.id && !purchase.canDownload && (
                  <Alert>This purchase cannot be downloaded again yet. Contact {purchase.supportEmail} for help.</Alert>
                )}
                <StoreBrand brand={purchase.store} className="border-t border-gray-100 pt-3" />
              </Card>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-10 text-center text-sm text-gray-500">
        Keep this page&apos;s address to yourself: anyone with it can download your files.{" "}
        <Link href="/" className="text-brand-600 hover:underline">
          Popkit
        </Link>
      </p>
    </main>
  );
}
