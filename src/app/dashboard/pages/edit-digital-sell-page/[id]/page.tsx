import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { EditSellPage } from "~/features/sell-pages/edit-sell-page";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Edit Digital Sell Page · Popkit" };

export default async function EditDigitalSellPagePage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, settings] = await Promise.all([params, serverApi().then((api) => api.merchant.getStoreSettings())]);
  return (
    <div className="max-w-3xl space-y-6">
      <Link
        href="/dashboard/pages?tab=digital-sell-pages"
        className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-gray-900"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to Pages
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Edit Digital Sell Page</h1>
        <p className="text-sm text-gray-600">Changes apply to the live page and its packages at once.</p>
      </div>
      <EditSellPage
        id={id}
        store={{ paypalClientId: settings.paypalClientId, hasPaypalSecret: settings.hasPaypalSecret }}
      />
    </div>
  );
}
