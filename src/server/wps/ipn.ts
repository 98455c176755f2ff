import iconv from "iconv-lite";
import type { TransactionStatus, WpsButton } from "~/generated/prisma/client";
import { currencies, toMinorUnits, type Currency } from "~/lib/money";
import { matchWpsPayment } from "~/lib/wps";
import { env } from "~/env";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import type { JobHandlers } from "~/server/jobs";
import { logger } from "~/server/platform/logger";
import { consumeRateLimit } from "~/server/platform/rate-limit";
import { assertSafeText, isSafeText } from "~/server/platform/request";
import { queueDeliveryJobs } from "~/server/merchant-webhooks";
import { allowsPrivateTargets, guardedPost } from "~/server/merchant-webhooks/send";
import { recordWpsPaymentCompleted } from "~/server/merchant-webhooks/wps";
import { recordWpsRefund } from "~/server/payments/ledger";
import { priceOptionsOf, taxRateText } from "~/server/wps/buttons";

// PayPal IPN for WPS buttons: /api/wps/ipn stores each message in wps_ipn_messages and queues a "wps.ipn" job,
// which runs processWpsIpnMessage. The one rule IPN and PDT share (issue 11): a verified PayPal message is checked against the button it names and
// then records or updates ONE wps_transactions row per txn_id. Whichever of IPN or PDT arrives first records the
// payment; the other finds it and changes nothing.

/** PayPal's default for IPN and PDT when the account sets no encoding. */
export const DEFAULT_WPS_CHARSET = "windows-1252";

type Decode = (bytes: Uint8Array) => string;

// iconv-lite, not TextDecoder: Node built without full ICU decodes "windows-1252" as ISO-8859-1, so the byte 0x80
// would come out as a control character instead of "€".
function decoderFor(charset: string | null | undefined): Decode {
  const label = (charset ?? "").trim();
  // An unknown label: PayPal's default is the best guess, and the checks below still apply.
  const encoding = label && iconv.encodingExists(label) ? label : DEFAULT_WPS_CHARSET;
  return (bytes) => iconv.decode(Buffer.from(bytes), encoding);
}

/** The form's `charset` field, read without decoding anything else (its name and value are ASCII). */
export function charsetOfForm(body: Buffer): string | null {
  const match = /(?:^|&)charset=([^&]*)/.exec(body.toString("latin1"));
  return match ? decodeURIComponent(match[1]!.replace(/\+/g, " ")).trim() || null : null;
}

/** Percent-decodes to bytes first, then reads those bytes in `charset`: %E9 is "é" in windows-1252, not in UTF-8. */
function decodeComponent(text: string, decode: Decode): string {
  const bytes: number[] = [];
  const ascii = Buffer.from(text.replace(/\+/g, " "), "latin1");
  for (let i = 0; i < ascii.length; i++) {
    const byte = ascii[i]!;
    const hex = byte === 0x25 ? ascii.subarray(i + 1, i + 3).toString("latin1") : "";
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(byte);
  }
  return decode(Uint8Array.from(bytes));
}

/**
 * An application/x-www-form-urlencoded body as PayPal sent it, decoded in the message's own charset (its
 * `charset` field, else windows-1252). A repeated name keeps its first value.
 */
export function parseWpsForm(body: Buffer, charset: string | null = charsetOfForm(body)): Record<string, string> {
  const decoder = decoderFor(charset);
  const fields: Record<string, string> = {};
  for (const pair of body.toString("latin1").split("&")) {
    if (!pair) continue;
    const at = pair.indexOf("=");
    const name = decodeComponent(at < 0 ? pair : pair.slice(0, at), decoder);
    if (!(name in fields)) fields[name] = decodeComponent(at < 0 ? "" : pair.slice(at + 1), decoder);
  }
  return fields;
}

/** The button a message names in `custom` (Popkit sets it to the button id), or null. */
export async function buttonOfMessage(fields: Record<string, string>) {
  const id = fields.custom?.trim();
  if (!id || id.length > 100 || !isSafeText(id)) return null;
  return db.wpsButton.findUnique({ where: { id } });
}

/** The IPN post-back / PDT host of the button's environment. */
export function ipnVerifyUrl(environment: WpsButton["environment"]) {
  return environment === "live" ? env.PAYPAL_IPN_VERIFY_URL_LIVE : env.PAYPAL_IPN_VERIFY_URL_SANDBOX;
}

const statusOf: Record<string, TransactionStatus> = {
  Completed: "completed",
  Processed: "completed",
  Pending: "pending",
  "In-Progress": "pending",
  Denied: "failed",
  Failed: "failed",
  Voided: "failed",
  Expired: "failed",
};

/** How far along a payment is: a late, older message (Pending after Completed) must not move it back. */
const rank: Record<TransactionStatus, number> = {
  pending: 0,
  completed: 1,
  failed: 1,
  cancelled: 1,
  partially_refunded: 2,
  refunded: 2,
};

export type WpsOutcome =
  | { result: "recorded" | "updated" | "duplicate"; transactionId: string; reason?: string }
  | { result: "rejected"; reason: string };

const rejected = (reason: string): WpsOutcome => ({ result: "rejected", reason });

function sameReceiver(button: WpsButton, fields: Record<string, string>) {
  const expected = button.paypalMerchantIdentifier.trim().toLowerCase();
  const email = fields.receiver_email?.trim().toLowerCase();
  const id = fields.receiver_id?.trim().toLowerCase();
  return Boolean(expected) && (email === expected || id === expected);
}

function moneyOf(value: string | undefined, currency: Currency): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  const negative = text.startsWith("-");
  const minor = toMinorUnits(negative ? text.slice(1) : text, currency);
  return minor === null ? null : negative ? -minor : minor;
}

function isUniqueViolation(error: unknown) {
  return (error as { code?: unknown } | null)?.code === "P2002";
}

/**
 * Applies one VERIFIED message (IPN body or PDT answer, already decoded) to the button it names. Checks, in order:
 * the button exists (`custom`), the money went to its merchant (receiver_email case-insensitively or receiver_id
 * equals its merchant identifier), the currency is its currency, and mc_gross is an amount the button can produce
 * (matchWpsPayment). A refund or reversal (parent_txn_id) changes the status of the payment it refers to. Throws
 * only on a transient failure (database), so the caller's job is retried.
 */
export async function applyVerifiedWpsMessage(
  fields: Record<string, string>,
  options: { source: "ipn" | "pdt"; raw: string; button?: WpsButton | null },
): Promise<WpsOutcome> {
  const button = options.button === undefined ? await buttonOfMessage(fields) : options.button;
  if (!button) return rejected(`Unknown button (custom=${JSON.stringify(fields.custom ?? "")})`);
  if (!sameReceiver(button, fields)) {
    return rejected(
      `Receiver ${fields.receiver_email ?? ""}/${fields.receiver_id ?? ""} is not the button's merchant account`,
    );
  }
  const currency = fields.mc_currency?.trim() ?? "";
  if (!(currencies as readonly string[]).includes(currency) || currency !== button.currency) {
    return rejected(`Currency ${currency || "(none)"} is not the button's ${button.currency}`);
  }
  const txnId = fields.txn_id?.trim() ?? "";
  if (!txnId || txnId.length > 64) return rejected("No txn_id");
  const gross = moneyOf(fields.mc_gross, button.currency);
  if (gross === null) return rejected(`Unreadable mc_gross ${JSON.stringify(fields.mc_gross ?? "")}`);
  const paymentStatus = fields.payment_status?.trim() ?? "";

  const parentTxnId = fields.parent_txn_id?.trim();
  if (parentTxnId && ["Refunded", "Reversed", "Canceled_Reversal"].includes(paymentStatus)) {
    return applyReversal(button, { txnId, parentTxnId, paymentStatus, gross, reason: fields.reason_code ?? null });
  }

  const status = statusOf[paymentStatus];
  if (!status) return rejected(`Unhandled payment_status ${JSON.stringify(paymentStatus)}`);
  const quantity = Number(fields.quantity ?? "1");
  const optionLabel = fields.option_selection1 ?? null;
  const match = matchWpsPayment(
    {
      priceOptions: priceOptionsOf(button.priceOptions),
      taxRate: taxRateText(button.taxRate),
      shippingCostMinor: button.shippingCostMinor,
      undefinedQuantity: button.undefinedQuantity,
    },
    { grossMinor: gross, quantity, optionLabel },
  );
  if (!match) {
    return rejected(
      `Amount ${fields.mc_gross} ${currency} for quantity ${fields.quantity ?? "1"}${optionLabel ? ` of "${optionLabel}"` : ""} is not a price of this button`,
    );
  }
  const payerName = [fields.first_name, fields.last_name].filter(Boolean).join(" ").trim();
  const statusReason = fields.pending_reason || fields.reason_code || null;
  const columns = {
    paymentStatus,
    status,
    statusReason,
    amountMinor: gross,
    feeMinor: moneyOf(fields.mc_fee, button.currency),
  };

  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await db.wpsTransaction.findUnique({ where: { txnId } });
    if (existing) {
      if (existing.buttonId !== button.id) return rejected(`txn_id ${txnId} belongs to another button`);
      if (existing.paymentStatus === paymentStatus || rank[status] <= rank[existing.status]) {
        return { result: "duplicate", transactionId: existing.id, reason: "Already recorded" };
      }
      // Only a payment still where this one found it moves: a concurrent message may have moved it already. Its
      // merchant webhook deliveries are recorded with the change (DESIGN 12) and queued after it commits.
      const moved = await db.$transaction(async (tx) => {
        const { count } = await tx.wpsTransaction.updateMany({
          where: { id: existing.id, paymentStatus: existing.paymentStatus },
          data: columns,
        });
        if (count === 0) return null;
        return status === "completed" ? recordWpsPaymentCompleted(tx, existing.id) : [];
      });
      if (moved === null) continue;
      await queueDeliveryJobs(moved);
      return { result: "updated", transactionId: existing.id };
    }
    try {
      const { created, deliveries } = await db.$transaction(async (tx) => {
        const row = await tx.wpsTransaction.create({
          data: {
            ...columns,
            buttonId: button.id,
            merchantId: button.merchantId,
            txnId,
            txnType: fields.txn_type ?? null,
            currency: button.currency,
            quantity,
            payerEmail: fields.payer_email?.trim() || null,
            payerId: fields.payer_id?.trim() || null,
            payerName: payerName || null,
            receiverEmail: fields.receiver_email?.trim() || null,
            receiverId: fields.receiver_id?.trim() || null,
            itemName: fields.item_name ?? button.itemName,
            optionSelected: optionLabel ?? match.label,
            paymentDate: fields.payment_date ?? null,
            source: options.source,
            rawIpn: options.raw,
          },
          select: { id: true },
        });
        return { created: row, deliveries: status === "completed" ? await recordWpsPaymentCompleted(tx, row.id) : [] };
      });
      await queueDeliveryJobs(deliveries);
      return { result: "recorded", transactionId: created.id };
    } catch (error) {
      // IPN and PDT for the same txn_id at the same moment: the other one recorded it; read it and go again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  const row = await db.wpsTransaction.findUniqueOrThrow({ where: { txnId }, select: { id: true } });
  return { result: "duplicate", transactionId: row.id, reason: "Already recorded" };
}

/**
 * Refunded / Reversed add a refund row to the original payment (a partial refund leaves it partially refunded);
 * Canceled_Reversal gives the reversed money back. Each refund IPN's own txn_id is its ledger id (DESIGN 11).
 */
async function applyReversal(
  button: WpsButton,
  event: { txnId: string; parentTxnId: string; paymentStatus: string; gross: number; reason: string | null },
): Promise<WpsOutcome> {
  const parent = await db.wpsTransaction.findUnique({ where: { txnId: event.parentTxnId } });
  if (!parent || parent.buttonId !== button.id) {
    return rejected(`Refund or reversal of unknown payment ${event.parentTxnId}`);
  }
  const restoring = event.paymentStatus === "Canceled_Reversal";
  // A refund carries a negative mc_gross of at most the payment; a cancelled reversal gives the money back.
  if (restoring ? event.gross <= 0 : event.gross >= 0 || -event.gross > parent.amountMinor) {
    return rejected(`Amount of ${event.paymentStatus} does not fit payment ${event.parentTxnId}`);
  }
  const { created } = await recordWpsRefund(parent.id, {
    paypalRefundId: event.txnId,
    kind: event.paymentStatus === "Refunded" ? "refund" : "reversal",
    signedAmountMinor: -event.gross,
    amountMinor: Math.abs(event.gross),
    currency: parent.currency,
    reason: event.reason,
    createdAt: new Date(),
  });
  if (!created) return { result: "duplicate", transactionId: parent.id, reason: "Already recorded" };
  await db.wpsTransaction.update({
    where: { id: parent.id },
    data: { paymentStatus: event.paymentStatus, statusReason: event.reason },
  });
  return { result: "updated", transactionId: parent.id };
}

const POST_BACK_TIMEOUT_MS = 15_000;
const FORWARD_TIMEOUT_MS = 5_000;

/**
 * Upper bound of a stored IPN body: a WPS button's IPN (one item) is 1 to 3 kB, so this leaves room for long
 * names in any charset; /api/wps/ipn answers 413 above it.
 */
export const MAX_IPN_BYTES = 10_000;

/**
 * What makes a message the same one again (PayPal resends it until it gets a 200): its ipn_track_id, or without
 * one its txn_id and payment_status. Null when it has neither (stored every time, within the limits).
 */
export function ipnDedupeKey(fields: Record<string, string>): string | null {
  const trackId = fields.ipn_track_id?.trim();
  if (trackId) return trackId.length <= 64 ? `track:${trackId}` : null;
  const txnId = fields.txn_id?.trim();
  const paymentStatus = fields.payment_status?.trim() ?? "";
  return txnId && txnId.length <= 64 && paymentStatus.length <= 64 ? `txn:${txnId}:${paymentStatus}` : null;
}

export type StoredIpnMessage = {
  id: string;
  /** False when the same message was stored before: it is not stored again. */
  isNew: boolean;
  /** Recorded or rejected already: no job needs to run for it. */
  isFinished: boolean;
};

const IPN_MESSAGES = "IPN messages";

/**
 * Stores an IPN exactly as received (the durable inbox) unless the same message is stored already; the job then
 * verifies and applies it. With `ip` (the route) a new message first counts against the IPN limits per address
 * and in all: over either it is stored nowhere and RATE_LIMITED is thrown, so PayPal is refused and sends it again
 * later, while a message already stored is never refused.
 *
 * Another text under the key of a message not verified yet is refused for now (CONFLICT): one of the two is not
 * PayPal's, and if the stored one is the forgery, the job frees its key and PayPal's next try is stored. So a
 * forgery sent first can delay PayPal's message but never have it answered 200 and dropped.
 */
export async function storeWpsIpnMessage(
  body: Buffer,
  contentType: string | null,
  options: { ip?: string } = {},
): Promise<StoredIpnMessage> {
  let fields: Record<string, string> = {};
  try {
    fields = parseWpsForm(body);
  } catch {
    // Not a form we can read: kept all the same, the job rejects it.
  }
  // What the job would later look up or record: PayPal never sends NUL or broken text, so such a message is forged.
  assertSafeText(fields);
  const dedupeKey = ipnDedupeKey(fields);
  const stored = () =>
    dedupeKey
      ? db.wpsIpnMessage.findUnique({ where: { dedupeKey }, select: { id: true, state: true, body: true } })
      : null;
  const asStored = (row: { id: string; state: string; body: Uint8Array }): StoredIpnMessage => {
    // Recorded, or rejected once PayPal had verified it (the others lose their key): the stored one is PayPal's.
    const isFinished = row.state === "recorded" || row.state === "rejected";
    if (!isFinished && !body.equals(row.body)) {
      throw new AppError("CONFLICT", "Another message with this id is waiting to be verified.");
    }
    return { id: row.id, isNew: false, isFinished };
  };
  const existing = await stored();
  if (existing) return asStored(existing);
  if (options.ip !== undefined) {
    await consumeRateLimit("wpsIpnByIp", options.ip, IPN_MESSAGES);
    await consumeRateLimit("wpsIpnTotal", "all", IPN_MESSAGES);
  }
  const txnId = fields.txn_id?.slice(0, 64) || null;
  try {
    const message = await db.wpsIpnMessage.create({
      data: { body: Uint8Array.from(body), contentType, charset: charsetOfForm(body), txnId, dedupeKey },
      select: { id: true },
    });
    return { id: message.id, isNew: true, isFinished: false };
  } catch (error) {
    // The same message twice at once (PayPal resending while we were slow to answer): the other one stored it.
    const other = isUniqueViolation(error) ? await stored() : null;
    if (!other) throw error;
    return asStored(other);
  }
}

/**
 * PayPal's answer to the post-back: the ORIGINAL bytes behind `cmd=_notify-validate&` (re-encoding them, e.g.
 * windows-1252 text as UTF-8, makes PayPal answer INVALID). Anything but VERIFIED or INVALID is transient.
 */
async function postBack(url: string, body: Buffer): Promise<"VERIFIED" | "INVALID"> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "Popkit-IPN-Listener" },
    body: Buffer.concat([Buffer.from("cmd=_notify-validate&", "latin1"), body]),
    signal: AbortSignal.timeout(POST_BACK_TIMEOUT_MS),
    cache: "no-store",
  });
  const answer = (await response.text()).trim();
  if (response.ok && (answer === "VERIFIED" || answer === "INVALID")) return answer;
  throw new Error(`IPN post-back answered ${response.status} ${answer.slice(0, 40)}`);
}

/**
 * The merchant's own listener gets a copy of a verified message; it is theirs to verify, failures are only logged.
 * The URL is the seller's, so it goes through the merchant-webhook guard (no private or local address outside
 * the sandbox, no redirects, a deadline) like every request to a seller's URL.
 */
async function forwardCopy(url: string, body: Buffer, contentType: string | null, messageId: string) {
  const result = await guardedPost(
    url,
    { "content-type": contentType ?? "application/x-www-form-urlencoded", "user-agent": "Popkit-IPN-Forwarder/1.0" },
    body,
    { allowPrivate: allowsPrivateTargets(), timeoutMs: FORWARD_TIMEOUT_MS },
  );
  if (result.statusCode === null) logger.warn("WPS IPN copy failed", { messageId, url, error: result.error });
  else if (result.statusCode < 200 || result.statusCode >= 300) {
    logger.warn("WPS IPN copy refused", { messageId, url, status: result.statusCode });
  }
}

/**
 * Verifies one stored IPN message by post-back and records its payment. Idempotent (a message already recorded
 * or rejected is left alone, and the payment is keyed by txn_id); throws on a transient failure (PayPal
 * unreachable, database error) so the job queue retries it.
 */
export async function processWpsIpnMessage(messageId: string): Promise<void> {
  const message = await db.wpsIpnMessage.findUnique({ where: { id: messageId } });
  if (!message) {
    logger.warn("WPS IPN message not found", { messageId });
    return;
  }
  if (message.state === "recorded" || message.state === "rejected") return;
  await db.wpsIpnMessage.update({ where: { id: messageId }, data: { attempts: { increment: 1 } } });
  const body = Buffer.from(message.body);
  const finish = (state: "recorded" | "rejected", reason: string | null, wpsTransactionId: string | null = null) =>
    db.wpsIpnMessage.update({
      where: { id: messageId },
      data: { state, reason, wpsTransactionId, processedAt: new Date() },
    });
  // Not PayPal's (or not for us): its dedupe key goes, so a forgery that took a real message's key first cannot
  // keep that message out.
  const refuse = (reason: string) =>
    db.wpsIpnMessage.update({
      where: { id: messageId },
      data: { state: "rejected", reason, dedupeKey: null, processedAt: new Date() },
    });
  try {
    const fields = parseWpsForm(body, message.charset);
    const button = await buttonOfMessage(fields);
    if (!button) {
      const reason = `Unknown button (custom=${JSON.stringify(fields.custom ?? "")})`;
      logger.warn("WPS IPN rejected", { messageId, txnId: fields.txn_id, reason });
      await refuse(reason);
      return;
    }
    if ((await postBack(ipnVerifyUrl(button.environment), body)) === "INVALID") {
      logger.warn("WPS IPN rejected", { messageId, txnId: fields.txn_id, reason: "PayPal answered INVALID" });
      await refuse("PayPal answered INVALID");
      return;
    }
    const outcome = await applyVerifiedWpsMessage(fields, {
      source: "ipn", // The body is percent-encoded ASCII: latin1 keeps it byte for byte.
      raw: body.toString("latin1"),
      button,
    });
    if (outcome.result === "rejected") {
      logger.warn("WPS IPN rejected", { messageId, txnId: fields.txn_id, reason: outcome.reason });
      await finish("rejected", outcome.reason);
    } else {
      await finish("recorded", outcome.reason ?? null, outcome.transactionId);
    }
    if (button.notifyUrl) await forwardCopy(button.notifyUrl, body, message.contentType, messageId);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.wpsIpnMessage
      .update({ where: { id: messageId }, data: { state: "failed", reason: reason.slice(0, 500) } })
      .catch(() => undefined);
    throw error;
  }
}

/** This domain's job kinds, run by the workers (src/server/job-handlers.ts). */
export const wpsIpnJobHandlers = {
  "wps.ipn": ({ messageId }) => processWpsIpnMessage(messageId),
} satisfies Partial<JobHandlers>;
