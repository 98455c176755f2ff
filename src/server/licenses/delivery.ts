// The keys a payment delivered, in full, for the places a buyer or seller looks them up again: the receipt, the
// thank-you page, the portal and the seller's payment detail. Each caller has already proved who may see the
// payment (the buyer's e-mail, the grant token, the merchant); this only reads its keys.
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/platform/db";
import { decryptSecret } from "~/server/platform/crypto";
import { licenseStatus, type LicenseStatus } from "~/server/licenses/views";

type Client = Pick<Prisma.TransactionClient, "licenseKey" | "subscription">;

/** The payment's fields that find its keys; every caller has them from the row it has already loaded. */
export type PaymentOfKeys = { id: string; merchantId: string; paypalSubscriptionId: string | null };

export type DeliveredKey = {
  id: string;
  key: string;
  status: LicenseStatus;
  /** Null: unlimited. */
  activationLimit: number | null;
  activationsUsed: number;
  expiresAt: Date | null;
};

/** The unit an issue key names ("<payment>:2", "sub:I-...:2"); keys without one (none today) sort last. */
function unitOf(issueKey: string | null): number {
  const unit = Number(issueKey?.slice(issueKey.lastIndexOf(":") + 1));
  return Number.isInteger(unit) ? unit : Number.MAX_SAFE_INTEGER;
}

/**
 * The payment's keys in unit order; a subscription sale shows its subscription's keys (issued once, with its first
 * sale, so every renewal's receipt and page carries them too).
 */
export function keysOfPayment(payment: PaymentOfKeys, client: Client = db): Promise<DeliveredKey[]> {
  const { merchantId, paypalSubscriptionId } = payment;
  const bySubscription = paypalSubscriptionId ? [{ paypalSubscriptionId }] : [];
  return deliveredKeys(client, merchantId, paypalSubscriptionId, [{ transactionId: payment.id }, ...bySubscription]);
}

/** A subscription's keys, in unit order. */
export function keysOfSubscription(
  subscription: { merchantId: string; paypalSubscriptionId: string },
  client: Client = db,
): Promise<DeliveredKey[]> {
  const { merchantId, paypalSubscriptionId } = subscription;
  return deliveredKeys(client, merchantId, paypalSubscriptionId, [{ paypalSubscriptionId }]);
}

/** One query, plus the subscription's status only when a key expires with it. */
async function deliveredKeys(
  client: Client,
  merchantId: string,
  paypalSubscriptionId: string | null,
  anyOf: Prisma.LicenseKeyWhereInput[],
): Promise<DeliveredKey[]> {
  const rows = await client.licenseKey.findMany({
    where: { merchantId, OR: anyOf },
    orderBy: [{ issuedAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      issueKey: true,
      keyEncrypted: true,
      activationLimit: true,
      expiresAt: true,
      expiresWithSubscription: true,
      disabledAt: true,
      _count: { select: { instances: { where: { deactivatedAt: null } } } },
    },
  });
  if (rows.length === 0) return [];
  const subscription =
    paypalSubscriptionId && rows.some((row) => row.expiresWithSubscription)
      ? await client.subscription.findUnique({
          where: { paypalSubscriptionId },
          select: { status: true },
        })
      : null;
  const now = new Date();
  return rows
    .sort((a, b) => unitOf(a.issueKey) - unitOf(b.issueKey))
    .map((row) => ({
      id: row.id,
      key: decryptSecret(row.keyEncrypted),
      status: licenseStatus(row, row._count.instances, subscription?.status ?? null, now),
      activationLimit: row.activationLimit,
      activationsUsed: row._count.instances,
      expiresAt: row.expiresAt,
    }));
}
