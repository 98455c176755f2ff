import { csvRow } from "~/lib/csv";
import { auth } from "~/server/auth";
import { refuseUnsafeText } from "~/server/platform/request";
import { getStoreTimeZone } from "~/server/stores/settings";
import type { SearchParams } from "~/app/dashboard/payments/list-params";

// What the merchant CSV exports share: the session check, the list's own URL parameters, and a streamed body.

export function plainResponse(status: number, message: string) {
  return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/**
 * The signed-in merchant, the time zone their lists' date filters are read in, and the request's query as the
 * list pages receive theirs (so the same parsers read both); or the answer to refuse with: 401 signed out, 400
 * for text the input hygiene rule refuses. A plain route, not tRPC, so the browser can download the file; it
 * checks the session the way merchantProcedure does.
 */
export async function exportRequest(request: Request) {
  const session = await auth();
  if (session?.user.userType !== "merchant") return plainResponse(401, "User not authenticated");
  const query = [...new URL(request.url).searchParams];
  const refused = refuseUnsafeText(query);
  if (refused) return refused;
  const params: SearchParams = {};
  for (const [key, value] of query) params[key] ??= value;
  const timeZone = (await getStoreTimeZone(session.user.id)) ?? "UTC";
  return { merchantId: session.user.id, timeZone, params };
}

/**
 * A CSV download built batch by batch as the client reads it, so an export of any size holds one batch in
 * memory. Cells go through csvRow (quoted, formula-neutralized).
 */
export function csvResponse<Row>(
  name: string,
  header: readonly string[],
  batches: AsyncGenerator<Row[]>,
  line: (row: Row) => (string | number | null | undefined)[],
) {
  const encoder = new TextEncoder();
  let isHeaderSent = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!isHeaderSent) {
        isHeaderSent = true;
        // The byte-order mark makes spreadsheet apps read the file as UTF-8 (names with accents stay intact).
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(header)}`));
        return;
      }
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map((row) => csvRow(line(row))).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="popkit-${name}-${day}.csv"`,
      "cache-control": "no-store",
    },
  });
}
