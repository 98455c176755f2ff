import { licenseKeyFiltersOf } from "~/app/dashboard/license-keys/list-params";
import { listLicenseKeysSchema } from "~/schemas/licenses";
import { licenseKeyExportBatches, type LicenseKeyExportRow } from "~/server/licenses/seller-keys";
import { csvResponse, exportRequest, plainResponse } from "../csv-export";

export const dynamic = "force-dynamic";

const header = [
  "Key",
  "POP",
  "Buyer email",
  "Status",
  "Activations used",
  "Activation limit",
  "Active instances",
  "Issued at",
  "Expires at",
  "Transaction ID",
  "Popkit payment ID",
  "Popkit key ID",
] as const;

function line(row: LicenseKeyExportRow) {
  return [
    row.key,
    row.popName,
    row.buyerEmail,
    row.status,
    row.activations,
    row.activationLimit ?? "unlimited",
    // Instance names are whatever the buyer's app sent: csvRow neutralises a formula at the cell's start.
    row.instanceNames.join("; "),
    row.issuedAt.toISOString(),
    row.expiresAt?.toISOString() ?? (row.expiresWithSubscription ? "with subscription" : null),
    row.paypalTransactionId,
    row.transactionId,
    row.id,
  ];
}

/**
 * GET /api/exports/license-keys?q=&pop=&status= : the License keys page's filtered list as CSV, newest first, with
 * each key, its activation count and limit. Only the signed-in merchant's keys, ever.
 */
export async function GET(request: Request) {
  const input = await exportRequest(request);
  if (input instanceof Response) return input;
  const { merchantId, params } = input;
  const parsed = listLicenseKeysSchema.safeParse(licenseKeyFiltersOf(params));
  if (!parsed.success) return plainResponse(400, parsed.error.issues[0]?.message ?? "Please correct the filters.");
  const { q, pop, status } = parsed.data;
  return csvResponse("license-keys", header, licenseKeyExportBatches(merchantId, { q, pop, status }), line);
}
