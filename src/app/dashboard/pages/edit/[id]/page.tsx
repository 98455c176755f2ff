import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { EditPaymentButton } from "~/features/payment-buttons/edit-payment-button";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Edit Payment Button · Popkit" };

export default async function EditPaymentButtonPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, settings] = await Promise.all([params, serverApi().then((api) => api.merchant.getStoreSettings())]);
  return (
    <div className="max-w-3xl space-y-6">
      <Link
        href="/dashboard/pages"
        className="inline-flex items-center gap-1 text-sm text-gray-600 hover:text-gray-900"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to Pages
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Edit Payment Button</h1>
        <p className="text-sm text-gray-600">Changes apply to every site where this button is embedded.</p>
      </div>
      <EditPaymentButton
        id={id}
        store={{ paypalClientId: settings.paypalClientId, hasPaypalSecret: settings.hasPaypalSecret }}
      />
    </div>
  );
}
