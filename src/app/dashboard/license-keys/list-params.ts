import { enumParam, textParam } from "~/lib/search-params";
import { licenseKeyStatuses } from "~/schemas/licenses";
import type { SearchParams } from "~/app/dashboard/payments/list-params";

/**
 * The License keys page's filters as its URL carries them (`q`, `pop`, `status`), read the same way by the page and
 * its CSV export. A status the list does not know is ignored, as on the page.
 */
export function licenseKeyFiltersOf(params: SearchParams) {
  return {
    q: textParam(params.q),
    pop: textParam(params.pop) || undefined,
    status: enumParam(params.status, licenseKeyStatuses),
  };
}
