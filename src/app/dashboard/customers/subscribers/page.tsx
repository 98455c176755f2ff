import Link from "next/link";
import { ListFilters, SelectFilter } from "~/components/ui/list-filters";
import { PageHeader } from "~/components/ui/page-header";
import { CustomersNav } from "~/features/payments/customers-nav";
import { ResultCount } from "~/features/payments/result-count";
import { withRouteLoading } from "~/components/route-states/route-loading";
import { subscribersHref } from "~/features/subscriptions/links";
import { SubscribersTable } from "~/features/subscriptions/subscribers-table";
import { subscriptionStatusLabels } from "~/features/subscriptions/subscription-status-badge";
import { enumParam, pageParam, textParam, listPage } from "~/lib/search-params";
import { subscriptionStatuses } from "~/schemas/subscriptions";
import { serverApi } from "~/trpc/server";
import { orNotFound, type SearchParams, redirectPastLastPage } from "../../payments/list-params";

export const metadata = { title: "Subscribers · Popkit" };

const statusOptions = subscriptionStatuses.map((status) => ({
  value: status,
  label: subscriptionStatusLabels[status],
}));

/** The skeleton while it loads, from here and not a loading.tsx (see RouteLoading). */
export default withRouteLoading(SubscribersPageContent);

/** /dashboard/customers/subscribers[?button=<payment button id>][&status=active]: everyone, or one button's. */
async function SubscribersPageContent({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const buttonId = textParam(params.button) || undefined;
  const status = enumParam(params.status, subscriptionStatuses);
  const page = pageParam(params.page);
  const api = await serverApi();
  // Another merchant's button, or one since deleted, is the page's 404 like any other record of theirs.
  const result = await orNotFound(api.merchant.subscriptions.list({ buttonId, status, page }));
  redirectPastLastPage("/dashboard/customers/subscribers", params, page, result.pageCount);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Customers"
        description="Buyers who subscribed through your subscription buttons: their plan, billing and what they paid."
      />
      <CustomersNav current="subscribers" />
      {result.button && (
        <p className="text-sm text-gray-700">
          Subscribers of <span className="font-medium text-gray-900">{result.button.name}</span> ·{" "}
          <Link
            href={subscribersHref()}
            className="text-brand-700 focus-visible:outline-brand-600 rounded font-medium hover:underline focus-visible:outline-2"
          >
            Show all subscribers
          </Link>
        </p>
      )}
      <ListFilters label="Filter subscribers">
        <SelectFilter label="Status" param="status" options={statusOptions} allLabel="All statuses" />
      </ListFilters>
      <ResultCount total={result.total} noun="subscriber" isFiltered={Boolean(status || buttonId)} />
      <SubscribersTable
        subscribers={result.subscribers}
        showButton={!result.button}
        page={listPage(page, result)}
        clearHref={status ? subscribersHref(buttonId) : undefined}
      />
    </div>
  );
}
