import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { CreateSellPage } from "~/features/sell-pages/create-sell-page";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "New Digital Sell Page · Popkit" };

export default async function NewDigitalSellPagePage() {
  const settings = await (await serverApi()).merchant.getStoreSettings();
  return (
    <div className="max-w-3xl space-y-6">
      <Link
        href="/dashboard/pages/create-pop"
        className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-gray-900"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-gray-900">New Digital Sell Page</h1>
        <p className="text-sm text-gray-600">
          A hosted sales page for a digital product, with up to two packages and automatic, secure delivery.
        </p>
      </div>
      <CreateSellPage store={{ paypalClientId: settings.paypalClientId, hasPaypalSecret: settings.hasPaypalSecret }} />
    </div>
  );
}
