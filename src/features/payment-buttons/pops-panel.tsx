"use client";

import { SearchX } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { RetryAlert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { ListFilters, SearchFilter, SelectFilter } from "~/components/ui/list-filters";
import { useUrlQuery } from "~/components/ui/use-url-query";
import {
  matchesPopFilters,
  popStatusFilters,
  type ListedPop,
  type PopStatusFilter,
} from "~/features/payment-buttons/pop-status";
import { enumParam } from "~/lib/search-params";

const statusValues = popStatusFilters.map((option) => option.value);

/** The search and status filter of the pages list, kept in the URL (q, status) like every list's filters. */
export function PopFilters() {
  return (
    <ListFilters label="Filter POPs">
      <SearchFilter label="Search" placeholder="Name or description" />
      <SelectFilter label="Status" param="status" options={popStatusFilters} allLabel="All statuses" />
    </ListFilters>
  );
}

/** Three placeholder cards in the list's grid while it loads, so the page does not jump when they arrive. */
function CardSkeletons({ label }: { label: string }) {
  return (
    <div role="status" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((index) => (
        <Card key={index} aria-hidden className="space-y-3 p-5">
          <div className="flex justify-between gap-3">
            <div className="h-5 w-2/5 animate-pulse rounded bg-gray-100" />
            <div className="h-6 w-20 animate-pulse rounded-full bg-gray-100" />
          </div>
          <div className="h-4 w-4/5 animate-pulse rounded bg-gray-100" />
          <div className="h-6 w-1/3 animate-pulse rounded bg-gray-100" />
          <div className="border-t border-gray-100 pt-3">
            <div className="h-8 w-24 animate-pulse rounded bg-gray-100" />
          </div>
        </Card>
      ))}
    </div>
  );
}

/**
 * One tab of the pages list: the filters, a heading that counts what is shown (and takes focus when a deleted
 * card leaves nothing to focus), then the cards, an empty state, or a "no match" state. Lists are small, so the
 * filters apply in the browser to the merchant's whole list.
 */
export function PopsPanel<T extends ListedPop>({
  query,
  noun,
  emptyState,
  renderCard,
}: {
  query: { isPending: boolean; isError: boolean; data: T[] | undefined; refetch(): unknown };
  noun: { one: string; many: string };
  /** Shown when the merchant has none at all. */
  emptyState: ReactNode;
  renderCard(pop: T): ReactNode;
}) {
  const url = useUrlQuery();
  const search = url.get("q") ?? "";
  const status = enumParam(url.get("status") ?? undefined, statusValues) as PopStatusFilter | undefined;
  const isFiltered = search.trim() !== "" || status !== undefined;

  let body: ReactNode;
  if (query.isPending) body = <CardSkeletons label={`Loading ${noun.many}...`} />;
  else if (query.isError || !query.data) {
    body = <RetryAlert onRetry={() => void query.refetch()}>Your {noun.many} could not be loaded.</RetryAlert>;
  } else if (query.data.length === 0) body = <Card>{emptyState}</Card>;
  else {
    const all = query.data;
    const shown = all.filter((pop) => matchesPopFilters(pop, search, status));
    const clear = () => url.push({ q: null, status: null });
    body = (
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2
            tabIndex={-1}
            data-pop-list-focus
            className="focus-visible:outline-brand-600 rounded text-sm font-medium text-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            {isFiltered
              ? `${shown.length} of ${all.length} ${all.length === 1 ? noun.one : noun.many} match`
              : `${all.length} ${all.length === 1 ? noun.one : noun.many}`}
          </h2>
          {isFiltered && shown.length > 0 && (
            <Button variant="ghost" size="sm" onClick={clear}>
              Clear filters
            </Button>
          )}
        </div>
        {shown.length === 0 ? (
          <Card>
            <EmptyState
              icon={<SearchX className="size-6" />}
              title="No matches"
              description={`None of your ${noun.many} match this search and status.`}
              action={
                <Button variant="secondary" onClick={clear}>
                  Clear filters
                </Button>
              }
            />
          </Card>
        ) : (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {shown.map((pop) => (
              // Keyed by id: a refetch or a toggle never remounts a card, so focus stays where it is.
              <Fragment key={pop.id}>{renderCard(pop)}</Fragment>
            ))}
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <PopFilters />
      {body}
    </div>
  );
}
