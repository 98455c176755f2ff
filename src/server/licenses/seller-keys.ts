// The seller's License keys screen: the issued keys of one store (pool keys waiting for a sale are not listed),
// searched, filtered, paged and exported, and one key's detail. Every read names the merchant: another store's key
// is NOT_FOUND. The changes a seller makes are in seller-key-actions.ts.
import type { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import type { SubscriptionStatus } from "~/generated/prisma/enums";
import { licenseKeyMessages, type listLicenseKeysSchema } from "~/schemas/licenses";
import { keyHashOf } from "~/server/licenses/keys";
import {
  licenseKeySelect,
  licenseStatus,
  loadLicenseKey,
  productNameOf,
  type LicenseStatus,
} from "~/server/licenses/views";
import { likeOperand, utcTimestamp } from "~/server/payments/payments";
import { decryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { pageCount } from "~/server/platform/paging";

export const LICENSE_KEYS_PAGE_SIZE = 20;
/** A key's detail shows this many activations and history entries, newest first. */
const DETAIL_ROWS = 100;

type ListLicenseKeys = z.output<typeof listLicenseKeysSchema>;
/** The list's filters without its page: what the CSV export takes. */
export type LicenseKeyFilters = Omit<ListLicenseKeys, "page">;

/**
 * A key's status in SQL, as licenseStatus computes it in code: disabled, then expired (its date passed, or it
 * expires with a subscription that is not active), then active (an activation counts), else inactive.
 */
function statusCondition(status: LicenseStatus, now: Date) {
  const expired = Prisma.sql`((k.expires_at IS NOT NULL AND k.expires_at <= ${utcTimestamp(now)})
    OR (k.expires_with_subscription AND NOT EXISTS (
      SELECT 1 FROM subscriptions s WHERE s.paypal_subscription_id = k.paypal_subscription_id AND s.status = 'active')))`;
  const activated = Prisma.sql`EXISTS (
    SELECT 1 FROM license_instances i WHERE i.license_key_id = k.id AND i.deactivated_at IS NULL)`;
  switch (status) {
    case "disabled":
      return Prisma.sql`k.disabled_at IS NOT NULL`;
    case "expired":
      return Prisma.sql`(k.disabled_at IS NULL AND ${expired})`;
    case "active":
      return Prisma.sql`(k.disabled_at IS NULL AND NOT ${expired} AND ${activated})`;
    case "inactive":
      return Prisma.sql`(k.disabled_at IS NULL AND NOT ${expired} AND NOT ${activated})`;
  }
}

/**
 * The merchant's issued keys matching `filters`, as (id, sort_at). A search matches the whole key (by its lookup
 * hash: the key itself is stored encrypted), part of the buyer's e-mail, or part of the POP's name.
 */
function matchingKeys(merchantId: string, filters: LicenseKeyFilters, now: Date) {
  const conditions = [Prisma.sql`k.merchant_id = ${merchantId}`, Prisma.sql`k.issue_key IS NOT NULL`];
  if (filters.pop) conditions.push(Prisma.sql`k.button_id = ${filters.pop}`);
  if (filters.status) conditions.push(statusCondition(filters.status, now));
  if (filters.q) {
    const pattern = `%${likeOperand(filters.q)}%`;
    conditions.push(Prisma.sql`(k.key_hash = ${keyHashOf(filters.q)} OR k.buyer_email ILIKE ${pattern}
      OR k.button_id IN (
        SELECT b.id FROM payment_buttons b LEFT JOIN digital_sell_pages p ON p.id = b.sell_page_id
         WHERE b.merchant_id = ${merchantId} AND COALESCE(p.name, b.name) ILIKE ${pattern}))`);
  }
  // Issued keys always have issued_at; the fallback only keeps the order total.
  return Prisma.sql`
    SELECT k.id, COALESCE(k.issued_at, k.created_at) AS sort_at FROM license_keys k
     WHERE ${Prisma.join(conditions, " AND ")}`;
}

const keyRowSelect = {
  ...licenseKeySelect,
  transaction: { select: { payerName: true, paypalTransactionId: true } },
  instances: {
    where: { deactivatedAt: null },
    select: { name: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  },
} satisfies Prisma.LicenseKeySelect;
type KeyRecord = Prisma.LicenseKeyGetPayload<{ select: typeof keyRowSelect }>;

/** A key as a row of the list and the export (the key itself only in the export's rows). */
function keyRow(key: KeyRecord, subscriptionStatus: SubscriptionStatus | null, now: Date) {
  const activations = key.instances.length;
  return {
    id: key.id,
    keyHint: key.keyHint,
    buttonId: key.buttonId,
    popName: productNameOf(key),
    buyerEmail: key.buyerEmail,
    status: licenseStatus(key, activations, subscriptionStatus, now),
    disabledBy: key.disabledBy,
    activations,
    activationLimit: key.activationLimit,
    expiresAt: key.expiresAt,
    expiresWithSubscription: key.expiresWithSubscription,
    issuedAt: key.issuedAt ?? key.createdAt,
    transactionId: key.transactionId,
  };
}
export type LicenseKeyListRow = ReturnType<typeof keyRow>;

/** The keys of `ids`, in that order, with their statuses: one query for the keys, one for their subscriptions. */
async function keyRecordsOf(merchantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const keys = await db.licenseKey.findMany({ where: { id: { in: ids }, merchantId }, select: keyRowSelect });
  const subscriptionIds = [
    ...new Set(keys.filter((key) => key.expiresWithSubscription).flatMap((key) => key.paypalSubscriptionId ?? [])),
  ];
  const subscriptions = subscriptionIds.length
    ? await db.subscription.findMany({
        where: { paypalSubscriptionId: { in: subscriptionIds } },
        select: { paypalSubscriptionId: true, status: true },
      })
    : [];
  const statusOf = new Map(subscriptions.map((row) => [row.paypalSubscriptionId, row.status]));
  const position = new Map(ids.map((id, index) => [id, index]));
  return keys
    .sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0))
    .map((key) => ({ key, subscriptionStatus: statusOf.get(key.paypalSubscriptionId ?? "") ?? null }));
}

/** One page of the merchant's issued keys, newest first, with how many match. */
export async function listLicenseKeys(merchantId: string, input: ListLicenseKeys) {
  const now = new Date();
  const [found] = await db.$queryRaw<{ total: number; ids: string[] }[]>`
    WITH matches AS MATERIALIZED (${matchingKeys(merchantId, input, now)})
    SELECT (SELECT COUNT(*) FROM matches)::int AS total,
           COALESCE((SELECT json_agg(id ORDER BY sort_at DESC, id DESC) FROM (
             SELECT id, sort_at FROM matches ORDER BY sort_at DESC, id DESC
              LIMIT ${LICENSE_KEYS_PAGE_SIZE} OFFSET ${(input.page - 1) * LICENSE_KEYS_PAGE_SIZE}
           ) page), '[]'::json) AS ids`;
  const total = found?.total ?? 0;
  const records = await keyRecordsOf(merchantId, found?.ids ?? []);
  return {
    total,
    pageSize: LICENSE_KEYS_PAGE_SIZE,
    pageCount: pageCount(total, LICENSE_KEYS_PAGE_SIZE),
    keys: records.map(({ key, subscriptionStatus }) => keyRow(key, subscriptionStatus, now)),
  };
}

/** A row of the CSV export: the list's row with the key itself, the PayPal transaction and the active instances. */
export type LicenseKeyExportRow = LicenseKeyListRow & {
  key: string;
  paypalTransactionId: string | null;
  instanceNames: string[];
};

/**
 * Every key matching the list's filters, newest first, `batchSize` at a time, for the CSV export. Keyset paging on
 * (sort_at, id) keeps each query cheap and the result stable while new keys are issued.
 */
export async function* licenseKeyExportBatches(
  merchantId: string,
  filters: LicenseKeyFilters,
  batchSize = 500,
): AsyncGenerator<LicenseKeyExportRow[]> {
  const now = new Date();
  const matches = matchingKeys(merchantId, filters, now);
  let after: { sortAt: Date; id: string } | null = null;
  for (;;) {
    const keyset: Prisma.Sql = after
      ? Prisma.sql`WHERE (sort_at, id) < (${utcTimestamp(after.sortAt)}, ${after.id})`
      : Prisma.empty;
    const ids = await db.$queryRaw<{ id: string; sort_at: Date }[]>`
      SELECT id, sort_at FROM (${matches}) matches ${keyset}
       ORDER BY sort_at DESC, id DESC LIMIT ${batchSize}`;
    if (ids.length === 0) return;
    const records = await keyRecordsOf(
      merchantId,
      ids.map((row) => row.id),
    );
    yield records.map(({ key, subscriptionStatus }) => ({
      ...keyRow(key, subscriptionStatus, now),
      key: decryptSecret(key.keyEncrypted),
      paypalTransactionId: key.transaction?.paypalTransactionId ?? null,
      instanceNames: key.instances.map((instance) => instance.name),
    }));
    if (ids.length < batchSize) return;
    const last = ids[ids.length - 1]!;
    after = { sortAt: last.sort_at, id: last.id };
  }
}

/**
 * One issued key as its detail page shows it: the key itself (the seller may copy it for a buyer), its status and
 * terms, the buyer and payment, its activations, its history, and the keys it replaced or was replaced by.
 */
export async function getLicenseKey(merchantId: string, id: string) {
  const key = await loadLicenseKey(db, { id });
  if (!key || key.merchantId !== merchantId || key.issueKey === null) {
    throw new AppError("NOT_FOUND", licenseKeyMessages.notFound);
  }
  const extra = await db.licenseKey.findUniqueOrThrow({
    where: { id },
    select: {
      fromPool: true,
      button: { select: { sellPageId: true } },
      transaction: { select: { id: true, paypalTransactionId: true, payerName: true } },
      replaces: { select: { id: true, keyHint: true } },
      replacedBy: { select: { id: true, keyHint: true } },
      instances: {
        select: { id: true, name: true, createdAt: true, lastSeenAt: true, deactivatedAt: true },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: DETAIL_ROWS,
      },
      events: {
        select: { id: true, kind: true, detail: true, createdAt: true },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: DETAIL_ROWS,
      },
      _count: { select: { instances: true, events: true } },
    },
  });
  return {
    id: key.id,
    key: decryptSecret(key.keyEncrypted),
    keyHint: key.keyHint,
    status: key.status,
    disabledAt: key.disabledAt,
    disabledBy: key.disabledBy,
    activations: key.activations,
    activationLimit: key.activationLimit,
    expiresAt: key.expiresAt,
    expiresWithSubscription: key.expiresWithSubscription,
    issuedAt: key.issuedAt ?? key.createdAt,
    fromPool: extra.fromPool,
    buyerEmail: key.buyerEmail,
    buyerName: extra.transaction?.payerName ?? null,
    pop: { buttonId: key.buttonId, sellPageId: extra.button.sellPageId, name: productNameOf(key) },
    payment: extra.transaction && {
      id: extra.transaction.id,
      paypalTransactionId: extra.transaction.paypalTransactionId,
    },
    paypalSubscriptionId: key.paypalSubscriptionId,
    replaces: extra.replaces,
    replacedBy: extra.replacedBy,
    instances: extra.instances,
    instanceCount: extra._count.instances,
    events: extra.events,
    eventCount: extra._count.events,
  };
}
export type LicenseKeyDetail = Awaited<ReturnType<typeof getLicenseKey>>;

/**
 * The POPs the list can be filtered by: the merchant's buttons that issue keys now or issued some, by name, with
 * how many imported keys their pool has left.
 */
export async function licensedPops(merchantId: string) {
  const [buttons, pools, pooled] = await Promise.all([
    db.paymentButton.findMany({
      where: { merchantId, OR: [{ licensePolicy: { isNot: null } }, { licenseKeys: { some: {} } }] },
      select: {
        id: true,
        name: true,
        bundleTier: true,
        sellPageId: true,
        sellPage: { select: { name: true } },
        licensePolicy: { select: { buttonId: true } },
      },
    }),
    db.licenseKey.groupBy({ by: ["buttonId"], where: { merchantId, issueKey: null }, _count: { _all: true } }),
    db.licenseKey.groupBy({ by: ["buttonId"], where: { merchantId, fromPool: true } }),
  ]);
  const poolOf = new Map(pools.map((pool) => [pool.buttonId, pool._count._all]));
  const hasPool = new Set(pooled.map((row) => row.buttonId));
  return buttons
    .map((button) => ({
      id: button.id,
      name: productNameOf({ button }),
      sellPageId: button.sellPageId,
      isIssuing: button.licensePolicy !== null,
      /** Keys were ever imported for it: the list then tells how many are left. */
      hasPool: hasPool.has(button.id),
      poolLeft: poolOf.get(button.id) ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en") || a.id.localeCompare(b.id));
}
