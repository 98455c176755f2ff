import { refuseUnsafeText } from "~/server/platform/request";
import { wpsEmbedScriptAnswer } from "~/server/wps/embed-script";

export const dynamic = "force-dynamic";

/** GET /api/wps-button/{id}.js: the embed script of a WPS button (the route's id arrives as "{id}.js"). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id: file } = await params;
  const refused = refuseUnsafeText(file);
  if (refused) return refused;
  const { status, headers, body } = await wpsEmbedScriptAnswer(file, {
    ifNoneMatch: request.headers.get("if-none-match"),
  });
  return new Response(body && new Uint8Array(body), { status, headers });
}
