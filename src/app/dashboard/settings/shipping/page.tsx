import { PageHeader } from "~/components/ui/page-header";
import { BackLink } from "~/features/payments/back-link";
import { ShippingSettingsForm } from "~/features/stores/shipping-settings-form";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Shipping and tax · Popkit" };

export default async function ShippingSettingsPage() {
  const api = await serverApi();
  const settings = await api.merchant.store.shipping();
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        back={<BackLink href="/dashboard/settings">Store Settings</BackLink>}
        title="Shipping and tax"
        description="Where you ship, what shipping costs, and the sales tax buyers pay."
      />
      <ShippingSettingsForm initial={settings} />
    </div>
  );
}
