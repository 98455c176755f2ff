import type { NextRequest } from "next/server";
import { buyerCookie, clearedSessionCookie, endPortalSession } from "~/server/portal/sessions";
import { isSameOrigin } from "~/server/platform/request";

export const dynamic = "force-dynamic";

/** Ends the portal session here and in the database (a copied cookie stops working too). */
export async function POST(request: NextRequest) {
  if (!isSameOrigin(request)) return new Response("This request did not come from this site.", { status: 403 });
  await endPortalSession(request.cookies.get(buyerCookie())?.value);
  return new Response(null, {
    status: 303,
    headers: {
      location: "/portal/sign-in?signed-out=1",
      "cache-control": "no-store",
      "set-cookie": clearedSessionCookie(),
    },
  });
}
