import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { NextRequest } from "next/server";
import { appRouter } from "~/server/api/root";
import { createTRPCContext } from "~/server/api/trpc";
import { readBodyCapped } from "~/server/platform/request";

/** Our largest input is a sell page form (a few KB); a batch is one page's calls. */
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_BATCH_SIZE = 50;

/**
 * The request with its body read within the cap. tRPC reads the body itself, so a body over the cap becomes one
 * that fails to read with our TOO_LARGE error: tRPC then answers every call of the batch with it, as 413.
 */
async function withCappedBody(req: Request): Promise<Request> {
  if (req.method !== "POST") return req;
  let body: BodyInit;
  try {
    body = new Uint8Array(await readBodyCapped(req, MAX_BODY_BYTES));
  } catch (error) {
    body = new ReadableStream({ start: (controller) => controller.error(error) });
  }
  // `duplex` is required with a stream body, and not yet in TypeScript's RequestInit.
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    headers: req.headers,
    body,
    signal: req.signal,
    duplex: "half",
  };
  return new Request(req.url, init);
}

const handler = async (req: NextRequest) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    req: await withCappedBody(req),
    router: appRouter,
    maxBatchSize: MAX_BATCH_SIZE,
    createContext: () => createTRPCContext({ headers: req.headers }),
  });

export { handler as GET, handler as POST };
