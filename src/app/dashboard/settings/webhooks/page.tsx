import { redirect } from "next/navigation";
import { ListFilters, SelectFilter } from "~/components/ui/list-filters";
import { PageHeader } from "~/components/ui/page-header";
import { DeliveryLog } from "~/features/merchant-webhooks/delivery-log";
import { BackLink } from "~/features/payments/back-link";
import { enumParam, pageParam } from "~/lib/search-params";
import { webhookDeliveryStateLabels, webhookDeliveryStates } from "~/schemas/merchant-webhooks";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Webhook deliveries · Popkit" };

const stateOptions = webhookDeliveryStates.map((state) => ({ value: state, label: webhookDeliveryStateLabels[state] }));

type SearchParams = Record<string, string | string[] | undefined>;

export default async function WebhookDeliveriesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const state = enumParam(params.state, webhookDeliveryStates);
  const page = pageParam(params.page);
  const api = await serverApi();
  const result = await api.merchant.webhooks.listDeliveries({ state, page });
  // A shared link to a page the log no longer has: its last page instead.
  if (page > result.pageCount) {
    redirect(
      `/dashboard/settings/webhooks?${new URLSearchParams({ ...(state && { state }), page: String(result.pageCount) })}`,
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        back={<BackLink href="/dashboard/settings">Store Settings</BackLink>}
        title="Webhook deliveries"
        description="Every event sent to your webhook URLs, with each attempt and your server's answer. Failed deliveries are retried automatically, with growing pauses, for three days or more; Resend sends one again at once."
      />
      <ListFilters label="Filter deliveries">
        <SelectFilter label="State" param="state" options={stateOptions} allLabel="All states" />
      </ListFilters>
      <DeliveryLog page={result} isFiltered={Boolean(state)} />
    </div>
  );
}
