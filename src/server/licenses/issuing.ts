// Issuing license keys: one per unit bought, in the database transaction that records the payment (the ledger
// calls issueLicenseKeys from recordPaymentEvent), exactly once however often the capture, the webhook or the
// reconciliation records it: each unit's key has a unique issue key, and a subscription gets one set for its life.
import type { Prisma } from "~/generated/prisma/client";
import { recordEmail } from "~/server/email";
import { recordMerchantEvent } from "~/server/merchant-webhooks";
import type { Outbox } from "~/server/payments/outbox";
import { generateKey } from "~/server/licenses/key-format";
import { storedKey } from "~/server/licenses/keys";
import { licenseEventData } from "~/server/licenses/views";

type Tx = Prisma.TransactionClient;

/** A pool at or under this many keys left warns the seller (once, until keys are imported again). */
export const POOL_LOW_AT = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issues the keys a completed payment is owed under its POPs' license policies (none without one): each line of
 * an order (the POP bought, an order bump) under its own button's policy, a subscription's one set under its
 * button's. Pool keys go first, oldest first, each taken under a row lock so two payments never share one;
 * generated keys make up the rest. Returns the outbox of what issuing tells: license_key.created per key, the
 * low-pool warning.
 */
export async function issueLicenseKeys(tx: Tx, transactionId: string): Promise<Outbox> {
  const outbox: Outbox = { deliveries: [], emails: [] };
  const payment = await tx.transaction.findUniqueOrThrow({
    where: { id: transactionId },
    select: {
      merchantId: true,
      buttonId: true,
      quantity: true,
      payerEmail: true,
      paypalSubscriptionId: true,
      createdAt: true,
      lines: { orderBy: { position: "asc" }, select: { position: true, buttonId: true, quantity: true } },
    },
  });
  // The first line's keys keep the issue keys every payment had before lines ("{payment}:{unit}").
  const owed =
    payment.paypalSubscriptionId || payment.lines.length === 0
      ? [
          {
            buttonId: payment.buttonId,
            base: payment.paypalSubscriptionId ? `sub:${payment.paypalSubscriptionId}` : transactionId,
            units: payment.paypalSubscriptionId ? 1 : Math.max(1, payment.quantity),
          },
        ]
      : payment.lines.map((line) => ({
          buttonId: line.buttonId,
          base: line.position === 0 ? transactionId : `${transactionId}:line${line.position}`,
          units: line.quantity,
        }));
  for (const { buttonId, base, units } of owed) {
    if (buttonId) await issueUnits(tx, { ...payment, transactionId }, { buttonId, base, units }, outbox);
  }
  return outbox;
}

async function issueUnits(
  tx: Tx,
  payment: {
    transactionId: string;
    merchantId: string;
    payerEmail: string | null;
    paypalSubscriptionId: string | null;
    createdAt: Date;
  },
  { buttonId, base, units }: { buttonId: string; base: string; units: number },
  outbox: Outbox,
) {
  const policy = await tx.licensePolicy.findUnique({ where: { buttonId } });
  if (!policy) return;
  const wanted = Array.from({ length: units }, (_, index) => `${base}:${index + 1}`);
  const issued = await tx.licenseKey.findMany({ where: { issueKey: { in: wanted } }, select: { issueKey: true } });
  const missing = wanted.filter((issueKey) => !issued.some((key) => key.issueKey === issueKey));
  if (missing.length === 0) return;

  const owed = {
    transactionId: payment.transactionId,
    paypalSubscriptionId: payment.paypalSubscriptionId,
    buyerEmail: payment.payerEmail,
    activationLimit: policy.activationLimit,
    expiresAt:
      policy.expiry === "days" && policy.expiryDays
        ? new Date(payment.createdAt.getTime() + policy.expiryDays * DAY_MS)
        : null,
    expiresWithSubscription: policy.expiry === "subscription" && payment.paypalSubscriptionId !== null,
    issuedAt: payment.createdAt,
  };
  const pool = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM license_keys
     WHERE button_id = ${buttonId} AND issue_key IS NULL
     ORDER BY created_at, id
     LIMIT ${missing.length}
       FOR UPDATE SKIP LOCKED`;
  const keyIds: string[] = [];
  for (const [index, issueKey] of missing.entries()) {
    const pooled = pool[index];
    const key = pooled
      ? await tx.licenseKey.update({ where: { id: pooled.id }, data: { ...owed, issueKey }, select: { id: true } })
      : await tx.licenseKey.create({
          data: {
            ...owed,
            ...storedKey(generateKey(policy.keyPrefix)),
            issueKey,
            merchantId: payment.merchantId,
            buttonId,
          },
          select: { id: true },
        });
    keyIds.push(key.id);
  }
  await tx.licenseKeyEvent.createMany({
    data: keyIds.map((licenseKeyId) => ({ licenseKeyId, kind: "issued", detail: null })),
  });
  const created = keyIds.map((id) => ({ id, merchantId: payment.merchantId, buttonId }));
  outbox.deliveries.push(...(await recordKeyEvents(tx, "license_key.created", created)));
  if (pool.length > 0) outbox.emails.push(...(await warnIfPoolLow(tx, buttonId, payment.merchantId)));
}

/** The seller hears once when a pool they rely on runs low; importing keys re-arms the warning. */
async function warnIfPoolLow(tx: Tx, buttonId: string, merchantId: string): Promise<string[]> {
  const left = await tx.licenseKey.count({ where: { buttonId, issueKey: null } });
  if (left > POOL_LOW_AT) return [];
  const { count } = await tx.licensePolicy.updateMany({
    where: { buttonId, poolLowWarnedAt: null },
    data: { poolLowWarnedAt: new Date() },
  });
  if (count === 0) return [];
  const seller = await tx.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { email: true } });
  const id = await recordEmail(tx, {
    template: "license-pool-low",
    to: seller.email,
    payload: { buttonId },
    merchantId,
    key: `license-pool-low:${buttonId}:${Date.now()}`,
  });
  return id ? [id] : [];
}

/**
 * A payment refunded in full, or one line of it (`buttonId`: that line's POP): its keys stop working (status
 * "disabled", marked as the refund's doing, so the list says why). A partial refund keeps them. Returns the
 * license_key.updated deliveries.
 */
export async function disableKeysOfRefundedPayment(tx: Tx, transactionId: string, buttonId?: string): Promise<Outbox> {
  const keys = await tx.licenseKey.findMany({
    where: { transactionId, disabledAt: null, ...(buttonId && { buttonId }) },
    select: { id: true, merchantId: true, buttonId: true },
  });
  const outbox: Outbox = { deliveries: [], emails: [] };
  if (keys.length === 0) return outbox;
  await tx.licenseKey.updateMany({
    where: { id: { in: keys.map((key) => key.id) } },
    data: { disabledAt: new Date(), disabledBy: "refund" },
  });
  await tx.licenseKeyEvent.createMany({
    data: keys.map((key) => ({ licenseKeyId: key.id, kind: "disabled", detail: "Refunded in full" })),
  });
  outbox.deliveries.push(...(await recordKeyEvents(tx, "license_key.updated", keys)));
  return outbox;
}

/** The license_key.* merchant webhooks of some keys, recorded in the caller's transaction; returns delivery ids. */
export async function recordKeyEvents(
  tx: Tx,
  type: "license_key.created" | "license_key.updated",
  keys: { id: string; merchantId: string; buttonId: string }[],
): Promise<string[]> {
  const deliveries: string[] = [];
  for (const key of keys) {
    const data = await licenseEventData(tx, key.id);
    deliveries.push(
      ...(await recordMerchantEvent(tx, { merchantId: key.merchantId, type, buttonId: key.buttonId, data })),
    );
  }
  return deliveries;
}
