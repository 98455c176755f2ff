/**
 * A portal page's loading state (loading.tsx), inside the shell: grey blocks in the shape of a page heading,
 * stat tiles and a table, announced as "Loading…".
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
