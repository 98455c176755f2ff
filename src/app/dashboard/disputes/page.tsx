import { ListFilters, SelectFilter } from "~/components/ui/list-filters";
import { PageHeader } from "~/components/ui/page-header";
import { withRouteLoading } from "~/components/route-states/route-loading";
import { CheckPayPalButton } from "~/features/disputes/dispute-actions";
import { DisputesTable } from "~/features/disputes/disputes-table";
import { enumParam } from "~/lib/search-params";
import { serverApi } from "~/trpc/server";
import type { SearchParams } from "../payments/list-params";

export const metadata = { title: "Disputes · Popkit" };

const showOptions = [
  { value: "open", label: "Open cases" },
  { value: "all", label: "All cases" },
];

export default withRouteLoading(DisputesPageContent);

async function DisputesPageContent({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const show = enumParam(params.show, ["open", "all"] as const) ?? "open";
  const api = await serverApi();
  const result = await api.merchant.disputes.list({ show });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Disputes"
        description="Cases buyers opened at PayPal against your payments. PayPal decides against a seller who does not answer by the deadline: open a case to send the evidence Popkit put together, accept the claim or write to the buyer."
        actions={<CheckPayPalButton />}
      />
      <ListFilters label="Filter disputes">
        <SelectFilter label="Show" param="show" options={showOptions} defaultValue="open" />
      </ListFilters>
      <DisputesTable rows={result.rows} caption={show === "open" ? "Open disputes" : "All disputes"} />
    </div>
  );
}
