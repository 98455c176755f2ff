"use client";

import { RouteError } from "~/components/route-states/route-error";

/** Staff sign-in, and the portal when its own layout fails (the portal's pages have one inside the shell). */
export default function StaffError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} home={{ href: "/saas-admin", label: "Go to Overview" }} />;
}
