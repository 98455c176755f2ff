"use client";

import { RouteError } from "~/components/route-states/route-error";

/** Inside the staff shell, so the navigation stays usable. */
export default function StaffPortalError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} home={{ href: "/saas-admin", label: "Go to Overview" }} isInShell />;
}
