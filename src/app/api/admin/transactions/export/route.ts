import { z } from "zod";
import { transactionFiltersSchema } from "~/schemas/staff";
import { auth } from "~/server/auth";
import { refuseUnsafeText } from "~/server/platform/request";
import { getActiveStaff } from "~/server/staff/users";
import { transactionsCsvStream } from "~/server/staff/transactions";

export const dynamic = "force-dynamic";

function plain(status: number, message: string) {
  return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/** GET /api/admin/transactions/export?merchant=&pop=&status=&from=&to= : the Transactions page's filters as CSV. */
export async function GET(request: Request) {
  // A plain route, not tRPC, so the browser can download it; it checks the staff session the way staffProcedure does.
  const session = await auth();
  if (session?.user.userType !== "saas_admin") return plain(401, "User not authenticated");
  const staff = await getActiveStaff(session.user.id);
  if (!staff) return plain(401, "Account is disabled");

  const searchParams = [...new URL(request.url).searchParams];
  const refused = refuseUnsafeText(searchParams);
  if (refused) return refused;
  const query = Object.fromEntries(searchParams.filter(([, value]) => value !== ""));
  const parsed = transactionFiltersSchema.safeParse(query);
  if (!parsed.success) {
    const messages = Object.values(z.flattenError(parsed.error).fieldErrors).flat();
    return plain(400, messages[0] ?? "Please correct the filters.");
  }

  const stream = await transactionsCsvStream({ id: staff.id, username: staff.username }, parsed.data);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="popkit-transactions-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
