import { embedScriptAnswer } from "~/server/payment-buttons/embed-script";
import { refuseUnsafeText } from "~/server/platform/request";

export const dynamic = "force-dynamic";

/** GET /api/button/{id}.js: the embed script of a payment button (the route's id arrives as "{id}.js"). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id: file } = await params;
  const refused = refuseUnsafeText(file);
  if (refused) return refused;
  const { status, headers, body } = await embedScriptAnswer(file, {
    ifNoneMatch: request.headers.get("if-none-match"),
    referrer: request.headers.get("referer") ?? request.headers.get("origin"),
  });
  return new Response(body && new Uint8Array(body), { status, headers });
}
