import { db } from "~/server/platform/db";
import type { JobHandlers } from "~/server/jobs";
import { queueEmails, recordEmail } from "~/server/email";
import { describeError, logger } from "~/server/platform/logger";
import { canTakePayments, merchantPayPal, merchantPayPalSettingsSelect } from "~/server/vendors/paypal/merchant-client";
import { recordDispute } from "~/server/disputes/disputes";

// What the webhooks may miss: the hourly pull of each store's cases from PayPal's Disputes API, and the e-mail three
// days before a case's deadline.

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back the first pull of a store looks: PayPal keeps a case open for at most 180 days. */
const FIRST_PULL_DAYS = 180;
/** PayPal's list is by update time with whole seconds: each pull looks back a little over where the last stopped. */
const OVERLAP_MS = 60 * 60 * 1000;
export const REMIND_BEFORE_DAYS = 3;

/**
 * Reads the store's cases updated since its last pull and applies each one PayPal describes later than what is kept
 * (the same recordDispute the webhooks use: a webhook racing the pull applies once). Returns how many were read.
 */
export async function pullDisputes(merchantId: string, now = new Date()): Promise<number> {
  const settings = await db.storeSettings.findUnique({
    where: { merchantId },
    select: { disputesPulledAt: true },
  });
  const { client } = await merchantPayPal(merchantId);
  const since = settings?.disputesPulledAt
    ? new Date(settings.disputesPulledAt.getTime() - OVERLAP_MS)
    : new Date(now.getTime() - FIRST_PULL_DAYS * DAY_MS);
  let pageToken: string | undefined;
  let read = 0;
  let newest = settings?.disputesPulledAt ?? since;
  do {
    const page = await client.listDisputes({ updatedAfter: since, pageToken });
    const kept = await db.dispute.findMany({
      where: { merchantId, paypalDisputeId: { in: page.items.map((item) => item.id) } },
      select: { paypalDisputeId: true, paypalUpdatedAt: true },
    });
    const keptAt = new Map(kept.map((row) => [row.paypalDisputeId, row.paypalUpdatedAt.getTime()]));
    for (const item of page.items) {
      const updatedAt = item.updateTime ? new Date(item.updateTime) : null;
      if (updatedAt && updatedAt > newest) newest = updatedAt;
      const known = keptAt.get(item.id);
      if (known !== undefined && updatedAt && updatedAt.getTime() <= known) continue;
      await recordDispute(merchantId, await client.getDispute(item.id), now);
      read++;
    }
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  await db.storeSettings.update({ where: { merchantId }, data: { disputesPulledAt: newest } });
  return read;
}

/** Records the "deadline in 3 days" e-mail of every case that needs one, once per case; how many. */
export async function remindDeadlines(now = new Date()): Promise<number> {
  const emails = await db.$transaction(async (tx) => {
    const due = await tx.$queryRaw<{ id: string; merchantId: string; email: string }[]>`
      UPDATE disputes d SET reminder_sent_at = ${now}
      FROM merchants m
      WHERE m.id = d.merchant_id AND d.status = 'WAITING_FOR_SELLER_RESPONSE' AND d.reminder_sent_at IS NULL
        AND d.answer IS NULL AND d.seller_response_due_at > ${now}
        AND d.seller_response_due_at <= ${new Date(now.getTime() + REMIND_BEFORE_DAYS * DAY_MS)}
      RETURNING d.id, d.merchant_id AS "merchantId", m.email`;
    const ids: string[] = [];
    for (const row of due) {
      const id = await recordEmail(tx, {
        template: "dispute-deadline",
        to: row.email,
        payload: { disputeId: row.id },
        merchantId: row.merchantId,
        key: `dispute-deadline:${row.id}`,
      });
      if (id) ids.push(id);
    }
    return ids;
  });
  await queueEmails(emails);
  return emails.length;
}

/** Every store that can call PayPal, pulled one after the other; one store's failure does not stop the others. */
async function pullEveryStore(now: Date) {
  const stores = await db.storeSettings.findMany({
    where: { paypalClientId: { not: null }, paypalSecretEncrypted: { not: null }, merchant: { suspendedAt: null } },
    select: { merchantId: true, ...merchantPayPalSettingsSelect },
  });
  for (const store of stores.filter((row) => canTakePayments(row))) {
    await pullDisputes(store.merchantId, now).catch((error: unknown) =>
      logger.warn("Could not pull a store's PayPal disputes", {
        merchantId: store.merchantId,
        ...describeError(error),
      }),
    );
  }
}

export const disputeJobHandlers: Pick<JobHandlers, "disputes.sweep"> = {
  "disputes.sweep": async () => {
    const now = new Date();
    await remindDeadlines(now);
    await pullEveryStore(now);
  },
};
