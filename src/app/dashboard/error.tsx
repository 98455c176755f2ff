"use client";

import { RouteError } from "~/components/route-states/route-error";

/** Inside the merchant shell, so the navigation stays usable. */
export default function DashboardError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} home={{ href: "/dashboard", label: "Go to Dashboard" }} isInShell />;
}
