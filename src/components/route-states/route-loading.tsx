import { Suspense, type ReactNode } from "react";

/**
 * A portal page's loading state, inside the shell: grey blocks in the shape of a page heading, stat tiles and a
 * table, announced as "Loading…". A segment's loading.tsx shows it, except in segments with a detail page below
 * them (/dashboard/payments/[id], /saas-admin/merchants/[id]...): a loading.tsx streams every page under it, so
 * the response is already a 200 when the detail page finds its id unknown and calls notFound(). Those segments'
 * own pages wrap their content in <Suspense> with it instead, and the detail pages answer 404.
 */
export function RouteLoading() {
  return (
    <div role="status" aria-label="Loading…" aria-busy="true" className="space-y-6">
      <span className="sr-only">Loading…</span>
      <div aria-hidden className="animate-pulse space-y-6">
        <div className="space-y-2">
          <div className="h-7 w-48 rounded-md bg-gray-200" />
          <div className="h-4 w-72 max-w-full rounded-md bg-gray-200" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((tile) => (
            <div key={tile} className="h-24 rounded-xl border border-gray-200 bg-white" />
          ))}
        </div>
        <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-6">
          {[0, 1, 2, 3, 4].map((row) => (
            <div key={row} className="h-4 rounded-md bg-gray-100" />
          ))}
        </div>
      </div>
    </div>
  );
}

/** A page that shows RouteLoading while `Content` loads: the way of the segments that cannot have a loading.tsx. */
export function withRouteLoading<Props extends object>(Content: (props: Props) => Promise<ReactNode>) {
  return function PageWithRouteLoading(props: Props) {
    return (
      <Suspense fallback={<RouteLoading />}>
        <Content {...props} />
      </Suspense>
    );
  };
}
