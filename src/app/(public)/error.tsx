"use client";

import { RouteError } from "~/components/route-states/route-error";

export default function PublicError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError error={error} retry={retry} home={{ href: "/", label: "Return to Home" }} />;
}
