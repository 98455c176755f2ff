import { withRouteLoading } from "~/components/route-states/route-loading";
import { ListFilters, SearchFilter, SelectFilter } from "~/components/ui/list-filters";
import { PageHeader } from "~/components/ui/page-header";
import { LICENSE_KEYS_PATH } from "~/features/licenses/license-keys-format";
import { LicenseKeysPoolNote } from "~/features/licenses/license-keys-pool-note";
import { LicenseKeysTable } from "~/features/licenses/license-keys-table";
import { ExportLink } from "~/features/payments/export-link";
import { ResultCount } from "~/features/payments/result-count";
import { pageParam, listPage } from "~/lib/search-params";
import { licenseKeyStatuses, licenseKeyStatusLabels } from "~/schemas/licenses";
import { serverApi } from "~/trpc/server";
import { queryWithout, type SearchParams, redirectPastLastPage } from "../payments/list-params";
import { licenseKeyFiltersOf } from "./list-params";

export const metadata = { title: "License keys · Popkit" };

const statusOptions = licenseKeyStatuses.map((status) => ({ value: status, label: licenseKeyStatusLabels[status] }));

/** The skeleton while it loads, from here and not a loading.tsx (see RouteLoading). */
export default withRouteLoading(LicenseKeysPageContent);

async function LicenseKeysPageContent({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const filters = licenseKeyFiltersOf(params);
  const page = pageParam(params.page);
  const api = await serverApi();
  const [result, pops] = await Promise.all([
    api.merchant.licenses.list({ ...filters, page }),
    api.merchant.licenses.pops(),
  ]);
  redirectPastLastPage(LICENSE_KEYS_PATH, params, page, result.pageCount);
  const isFiltered = Boolean(filters.q || filters.pop || filters.status);
  const pop = filters.pop ? pops.find((option) => option.id === filters.pop) : undefined;

  return (
    <div className="space-y-6">
      <PageHeader
        title="License keys"
        description="The keys your buyers got, one per unit bought: their status, activations and history."
        actions={
          <ExportLink
            path="/api/exports/license-keys"
            query={queryWithout(params, ["page"])}
            title={isFiltered ? "Download the license keys that match these filters" : "Download all license keys"}
          />
        }
      />
      {pop && <LicenseKeysPoolNote pop={pop} />}
      <ListFilters label="Filter license keys">
        <SearchFilter label="Search license keys" placeholder="Whole key, buyer e-mail or POP" />
        <SelectFilter
          label="POP"
          param="pop"
          options={pops.map((option) => ({ value: option.id, label: option.name }))}
          allLabel="All POPs"
        />
        <SelectFilter label="Status" param="status" options={statusOptions} allLabel="All statuses" />
      </ListFilters>
      <ResultCount total={result.total} noun="license key" isFiltered={isFiltered} />
      <LicenseKeysTable
        keys={result.keys}
        page={listPage(page, result)}
        clearHref={isFiltered ? LICENSE_KEYS_PATH : undefined}
      />
    </div>
  );
}
