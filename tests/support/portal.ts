// Calling the customer portal's route handlers as a browser would: its session cookie, its form posts.
import { NextRequest } from "next/server";
import { POST as sessionRoute } from "~/app/api/portal/session/route";
import { buyerCookie } from "~/server/portal/sessions";
import { linkIn, sendQueuedMail, waitForMail } from "./mailbox";

export const APP = "http://localhost:3000";

/** A request carrying the buyer's portal cookie (none for `cookie` null). */
export function portalRequest(path: string, cookie: string | null, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", `${buyerCookie()}=${cookie}`);
  return new NextRequest(`${APP}${path}`, { ...init, headers } as ConstructorParameters<typeof NextRequest>[1]);
}

/** The session cookie's value in a response's Set-Cookie, or null. */
export function sessionFrom(response: Response): string | null {
  const match = new RegExp(`${buyerCookie()}=([A-Za-z0-9_-]{43})`).exec(response.headers.get("set-cookie") ?? "");
  return match?.[1] ?? null;
}

/** Presses "Continue" on a mailed sign-in link's page. */
export function continueWithLink(token: string, next?: string) {
  const form = new URLSearchParams({ token, ...(next && { next }) });
  return sessionRoute(
    new Request(`${APP}/api/portal/session`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form,
    }),
  );
}

/** The sign-in link's token from the newest sign-in mail to `email`. */
export async function signInTokenFor(email: string): Promise<string> {
  await sendQueuedMail(email);
  const mail = await waitForMail(email, "Your sign-in link");
  return linkIn(mail, "/portal/sign-in/").split("/portal/sign-in/")[1]!.split("?")[0]!;
}
