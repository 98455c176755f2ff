import Link from "next/link";
import { ApiKeysCard } from "~/features/api-keys/api-keys-card";
import { WebhookSettingsCard } from "~/features/merchant-webhooks/webhook-settings-card";
import { PlanCard } from "~/features/plans/plan-card";
import { CustomerPortalCard } from "~/features/stores/customer-portal-card";
import { StorePageCard } from "~/features/stores/store-page-card";
import { env } from "~/env";
import { ACCOUNT_HREF, StoreSettingsForm } from "~/features/stores/store-settings-form";
import { isLocalPayPalSandbox } from "~/server/stores/settings";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Store Settings · Popkit" };

export default async function StoreSettingsPage() {
  const api = await serverApi();
  const [settings, webhooks, plan, portal, storePage, apiKeys] = await Promise.all([
    api.merchant.store.get(),
    api.merchant.webhooks.getSettings(),
    api.merchant.plan.usage(),
    api.merchant.store.customerPortal(),
    api.merchant.store.storePage(),
    api.merchant.apiKeys.list(),
  ]);
  return (
    <div className="max-w-2xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Store Settings</h1>
          <p className="text-sm text-gray-600">How your store appears to buyers, and how it connects to PayPal.</p>
        </div>
        <div className="flex flex-wrap gap-4">
          <Link
            href="/dashboard/settings/shipping"
            className="text-brand-700 focus-visible:outline-brand-600 rounded text-sm font-medium hover:underline focus-visible:outline-2"
          >
            Shipping and tax
          </Link>
          <Link
            href={ACCOUNT_HREF}
            className="text-brand-700 focus-visible:outline-brand-600 rounded text-sm font-medium hover:underline focus-visible:outline-2"
          >
            Account and password
          </Link>
        </div>
      </div>
      <PlanCard usage={plan} contact={{ email: settings.accountEmail, storeName: settings.storeName }} />
      <StoreSettingsForm initial={settings} canUseTestCredentials={isLocalPayPalSandbox()} />
      <StorePageCard initial={storePage} appUrl={env.APP_URL} />
      <CustomerPortalCard initial={portal} />
      <WebhookSettingsCard initial={webhooks} />
      <ApiKeysCard initial={apiKeys} />
    </div>
  );
}
