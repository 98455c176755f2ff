import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { createCaller } from "~/server/api/root";
import { createTRPCContext } from "~/server/api/trpc";

/** A tRPC caller for server components: same procedures, checks and errors as over HTTP. */
export const serverApi = cache(async () => {
  const requestHeaders = new Headers(await headers());
  requestHeaders.set("x-trpc-source", "rsc");
  return createCaller(await createTRPCContext({ headers: requestHeaders }));
});
