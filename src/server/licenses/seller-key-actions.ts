// What a seller does to one issued key: disable, enable, reset its activations, change its expiry, issue a
// replacement. Each change is one transaction that holds the key's row lock, writes the key's history and records
// the license_key.* merchant webhooks; the deliveries are queued after the commit. A repeat (a double click, a
// retry) finds the change already made and does nothing more.
import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { licenseKeyMessages, type setLicenseExpirySchema } from "~/schemas/licenses";
import { recordKeyEvents } from "~/server/licenses/issuing";
import { generateKey } from "~/server/licenses/key-format";
import { storedKey } from "~/server/licenses/keys";
import { licenseKeySelect, type LicenseKeyRow } from "~/server/licenses/views";
import { sendOutbox } from "~/server/payments/outbox";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";

type Tx = Prisma.TransactionClient;

/** Who disabled a key, beside "refund" (see disableKeysOfRefundedPayment). */
const BY_SELLER = "seller";
const FROM_DASHBOARD = "From the dashboard";

type LockedKey = LicenseKeyRow & { issueKey: string };

type KeyRef = { id: string; merchantId: string; buttonId: string };

/** What one action changed: the history it writes and the keys whose webhooks it records. */
interface Change {
  /** The key the seller should look at afterwards: the replacement after "Issue replacement". */
  id: string;
  events: { licenseKeyId: string; kind: string; detail: string | null }[];
  updated: KeyRef[];
  created: KeyRef[];
}

const nothingChanged = (id: string): Change => ({ id, events: [], updated: [], created: [] });

/** The merchant's issued key, locked for the rest of the transaction: two clicks apply one after the other. */
async function lockKey(tx: Tx, merchantId: string, id: string): Promise<LockedKey> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM license_keys WHERE id = ${id} AND merchant_id = ${merchantId} AND issue_key IS NOT NULL
       FOR UPDATE`;
  if (!row) throw new AppError("NOT_FOUND", licenseKeyMessages.notFound);
  const key = await tx.licenseKey.findUniqueOrThrow({ where: { id: row.id }, select: licenseKeySelect });
  return { ...key, issueKey: key.issueKey! };
}

async function changeKey(
  merchantId: string,
  id: string,
  change: (tx: Tx, key: LockedKey) => Promise<Change>,
): Promise<{ id: string }> {
  const { outbox, result } = await db.$transaction(async (tx) => {
    const key = await lockKey(tx, merchantId, id);
    const changed = await change(tx, key);
    if (changed.events.length > 0) await tx.licenseKeyEvent.createMany({ data: changed.events });
    const deliveries = [
      ...(await recordKeyEvents(tx, "license_key.updated", changed.updated)),
      ...(await recordKeyEvents(tx, "license_key.created", changed.created)),
    ];
    return { outbox: { deliveries, emails: [] }, result: { id: changed.id } };
  });
  await sendOutbox(outbox);
  return result;
}

const refOf = (key: LockedKey): KeyRef => ({ id: key.id, merchantId: key.merchantId, buttonId: key.buttonId });

/** The one change `kind` makes to `key`: its history entry and its license_key.updated webhook. */
function updated(key: LockedKey, kind: string, detail: string): Change {
  return { id: key.id, events: [{ licenseKeyId: key.id, kind, detail }], updated: [refOf(key)], created: [] };
}

/**
 * Disabled, the key stops working (the License API answers "disabled"; its activations are kept). Enabled, it
 * works again, whoever disabled it: the seller, or a full refund the seller chooses to overlook.
 */
function setDisabled(merchantId: string, id: string, isDisabled: boolean) {
  return changeKey(merchantId, id, async (tx, key) => {
    if ((key.disabledAt !== null) === isDisabled) return nothingChanged(key.id);
    await tx.licenseKey.update({
      where: { id: key.id },
      data: isDisabled ? { disabledAt: new Date(), disabledBy: BY_SELLER } : { disabledAt: null, disabledBy: null },
    });
    return updated(key, isDisabled ? "disabled" : "enabled", FROM_DASHBOARD);
  });
}

export const disableLicenseKey = (merchantId: string, id: string) => setDisabled(merchantId, id, true);
export const enableLicenseKey = (merchantId: string, id: string) => setDisabled(merchantId, id, false);

/** Every active instance is deactivated (kept, dated, for the history): the buyer can activate afresh. */
export function resetLicenseActivations(merchantId: string, id: string) {
  return changeKey(merchantId, id, async (tx, key) => {
    const { count } = await tx.licenseInstance.updateMany({
      where: { licenseKeyId: key.id, deactivatedAt: null },
      data: { deactivatedAt: new Date() },
    });
    if (count === 0) return nothingChanged(key.id);
    return {
      id: key.id,
      events: [
        {
          licenseKeyId: key.id,
          kind: "reset",
          detail: `${count} ${count === 1 ? "activation" : "activations"} cleared`,
        },
      ],
      updated: [refOf(key)],
      created: [],
    };
  });
}

/**
 * A new expiry: never, an instant, or with the key's subscription (only a key sold with one). The history's
 * detail is "never", "subscription" or the instant in ISO form, printed on the seller's clock by the page.
 */
export function setLicenseExpiry(merchantId: string, input: z.output<typeof setLicenseExpirySchema>) {
  return changeKey(merchantId, input.id, async (tx, key) => {
    if (input.expiry === "subscription" && !key.paypalSubscriptionId) {
      throw new AppError("INVALID", licenseKeyMessages.subscriptionOnly, {
        fieldErrors: { expiry: [licenseKeyMessages.subscriptionOnly] },
      });
    }
    const next = { expiresAt: input.expiresAt, expiresWithSubscription: input.expiry === "subscription" };
    if (
      next.expiresWithSubscription === key.expiresWithSubscription &&
      next.expiresAt?.getTime() === key.expiresAt?.getTime()
    ) {
      return nothingChanged(key.id);
    }
    await tx.licenseKey.update({ where: { id: key.id }, data: next });
    const detail = input.expiry === "date" ? input.expiresAt!.toISOString() : input.expiry;
    return {
      id: key.id,
      events: [{ licenseKeyId: key.id, kind: "expiry", detail }],
      updated: [refOf(key)],
      created: [],
    };
  });
}

/**
 * A new key for the same purchase (same payment, buyer, limit and expiry; no activations), in the POP's key format;
 * the old key is disabled. A key is replaced once: a repeat answers with the replacement already issued.
 */
export function replaceLicenseKey(merchantId: string, id: string) {
  return changeKey(merchantId, id, async (tx, key) => {
    const existing = await tx.licenseKey.findUnique({ where: { replacesId: key.id }, select: { id: true } });
    if (existing) return nothingChanged(existing.id);
    const policy = await tx.licensePolicy.findUnique({
      where: { buttonId: key.buttonId },
      select: { keyPrefix: true },
    });
    const replacement = await tx.licenseKey.create({
      data: {
        ...storedKey(generateKey(policy?.keyPrefix ?? "")),
        merchantId: key.merchantId,
        buttonId: key.buttonId,
        // Unique because a key is replaced at most once (replaces_id is unique too).
        issueKey: `${key.issueKey}:r`,
        transactionId: key.transactionId,
        paypalSubscriptionId: key.paypalSubscriptionId,
        buyerEmail: key.buyerEmail,
        activationLimit: key.activationLimit,
        expiresAt: key.expiresAt,
        expiresWithSubscription: key.expiresWithSubscription,
        issuedAt: new Date(),
        replacesId: key.id,
      },
      select: { id: true, keyHint: true },
    });
    if (!key.disabledAt) {
      await tx.licenseKey.update({ where: { id: key.id }, data: { disabledAt: new Date(), disabledBy: BY_SELLER } });
    }
    return {
      id: replacement.id,
      events: [
        { licenseKeyId: key.id, kind: "replaced", detail: `Replaced by …${replacement.keyHint}` },
        { licenseKeyId: replacement.id, kind: "issued", detail: `Replacement for …${key.keyHint}` },
      ],
      updated: [refOf(key)],
      created: [{ id: replacement.id, merchantId: key.merchantId, buttonId: key.buttonId }],
    };
  });
}
