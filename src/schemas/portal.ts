import { z } from "zod";
import { emailAddress } from "~/schemas/accounts";

/** A page of the portal to land on after signing in; anything else (another site, another path) is dropped. */
export const portalPath = z
  .string()
  .max(80)
  .regex(/^\/portal(\/(payments|subscriptions)\/[a-z0-9]{1,40})?$/, "Not a portal page.");

/** "Send me a sign-in link": the portal's sign-in page, /library, the thank-you page and sell pages. */
export const portalLinkSchema = z.object({ email: emailAddress, next: portalPath.optional() });
export type PortalLinkInput = z.infer<typeof portalLinkSchema>;

/** Cancel from the portal: the reason is optional and only shown to the seller. */
export const cancelReasonSchema = z
  .string()
  .trim()
  .max(127, "Keep the reason under 128 characters.")
  .optional()
  .transform((reason) => reason || undefined);
