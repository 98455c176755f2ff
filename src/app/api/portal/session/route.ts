import { portalPath } from "~/schemas/portal";
import { readBodyCapped } from "~/server/platform/request";
import { sessionCookie, signInWithLink } from "~/server/portal/sessions";
import { isSameOrigin } from "~/server/platform/request";

export const dynamic = "force-dynamic";

const seeOther = (location: string, cookie?: string) =>
  new Response(null, {
    status: 303,
    headers: { location, "cache-control": "no-store", ...(cookie && { "set-cookie": cookie }) },
  });

/**
 * The sign-in page's "Continue" (a form POST, not the mailed GET: mail scanners that open links must not spend
 * a single-use link): spends the link and opens a portal session.
 */
export async function POST(request: Request) {
  if (!isSameOrigin(request)) return new Response("This request did not come from this site.", { status: 403 });
  let form: FormData | null = null;
  try {
    const body = await readBodyCapped(request, 2048);
    form = await new Response(new Uint8Array(body), {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    form = null;
  }
  const token = form?.get("token");
  const next = portalPath.safeParse(form?.get("next")).data ?? "/portal";
  const session = typeof token === "string" ? await signInWithLink(token) : null;
  if (!session) return seeOther("/portal/sign-in?expired=1");
  return seeOther(next, sessionCookie(session));
}
