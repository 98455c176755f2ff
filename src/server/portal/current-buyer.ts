import { cookies } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { toAppError } from "~/server/platform/errors";
import { buyerCookie, portalEmail } from "~/server/portal/sessions";

/** The signed-in buyer's e-mail on a portal page, or null. */
export async function currentBuyerEmail(): Promise<string | null> {
  return portalEmail((await cookies()).get(buyerCookie())?.value);
}

/** The signed-in buyer's e-mail; without a session, on to the sign-in page, which brings them back to `page`. */
export async function requireBuyer(page: string): Promise<string> {
  const email = await currentBuyerEmail();
  if (!email) redirect(`/portal/sign-in?next=${encodeURIComponent(page)}`);
  return email;
}

/** A portal page's read: someone else's id (or a malformed one) is the page's 404, like an unknown one. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (toAppError(error)?.code === "NOT_FOUND") notFound();
    throw error;
  }
}
