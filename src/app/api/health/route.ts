import { db } from "~/server/db";

export const dynamic = "force-dynamic";

/** Liveness plus a database round trip, for load balancers and the start script. */
export async function GET() {
  try {
    await db.$queryRaw`SELECT 1`;
    return Response.json({ status: "ok" });
  } catch {
    return Response.json({ status: "database unavailable" }, { status: 503 });
  }
}
