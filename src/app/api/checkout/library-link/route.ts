import { portalLinkSchema } from "~/schemas/portal";
import { clientIp } from "~/server/platform/request";
import { requestPortalLink } from "~/server/portal/sessions";
import { jsonEndpoint, preflight } from "../_lib/json-endpoint";

/**
 * POST {email, next?} -> {message}: a customer-portal sign-in link ("Lost your download?", "Manage your purchase");
 * the same answer whether or not the e-mail bought here.
 */
export const POST = jsonEndpoint(portalLinkSchema, (input, request) =>
  requestPortalLink(input, clientIp(request.headers)),
);
export const OPTIONS = preflight;
