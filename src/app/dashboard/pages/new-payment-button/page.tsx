import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { CreatePaymentButton } from "~/features/payment-buttons/create-payment-button";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "New Payment Button · Popkit" };

export default async function NewPaymentButtonPage() {
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
        <h1 className="text-2xl font-bold text-gray-900">New Payment Button</h1>
        <p className="text-sm text-gray-600">An embeddable PayPal button for any website, one-time or subscription.</p>
      </div>
      <CreatePaymentButton
        store={{ paypalClientId: settings.paypalClientId, hasPaypalSecret: settings.hasPaypalSecret }}
      />
    </div>
  );
}
