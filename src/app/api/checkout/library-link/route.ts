import { lostDownloadSchema } from "~/schemas/library";
import { clientIp } from "~/server/platform/request";
import { requestLibraryLink } from "~/server/library/library";
import { jsonEndpoint, preflight } from "../_lib/json-endpoint";

/** POST {email} -> {message}: "Lost your download?"; the same answer whether or not the e-mail bought here. */
export const POST = jsonEndpoint(lostDownloadSchema, (input, request) =>
  requestLibraryLink(input, clientIp(request.headers)),
);
export const OPTIONS = preflight;
