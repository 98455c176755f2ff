import { libraryLinkEmail } from "~/server/library/library";
import { sessionCookie, startPortalSession } from "~/server/portal/sessions";

export const dynamic = "force-dynamic";

/**
 * A receipt's library link (it works for 90 days, many times) leads into the customer portal: it proves the inbox
 * as a sign-in link does. An expired one lands on the page that mails a new sign-in link.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const email = await libraryLinkEmail(token);
  const headers = { "cache-control": "no-store", "referrer-policy": "no-referrer" };
  if (!email) return new Response(null, { status: 303, headers: { ...headers, location: "/library?expired=1" } });
  const session = await startPortalSession(email);
  return new Response(null, {
    status: 303,
    headers: { ...headers, location: "/portal", "set-cookie": sessionCookie(session) },
  });
}
