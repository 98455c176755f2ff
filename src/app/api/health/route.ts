import { db } from "~/server/platform/db";
import { checkHealth } from "./check";

export const dynamic = "force-dynamic";

/** Liveness plus a database round trip, for load balancers and the start script: 503 within 2 s when it fails. */
export async function GET() {
  return checkHealth({ database: () => db.$queryRaw`SELECT 1` });
}
