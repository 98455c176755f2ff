import iconv from "iconv-lite";
import type { WpsButton } from "~/generated/prisma/client";
import { env } from "~/env";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import type { JobHandlers } from "~/server/jobs";
import { logger } from "~/server/platform/logger";
import { consumeRateLimit } from "~/server/platform/rate-limit";
import { assertSafeText } from "~/server/platform/request";
import { allowsPrivateTargets, guardedPost } from "~/server/merchant-webhooks/send";
import { applyVerifiedWpsMessage, buttonOfMessage, isUniqueViolation } from "~/server/wps/apply-message";

// PayPal IPN for WPS buttons: /api/wps/ipn stores each message in wps_ipn_messages and queues a "wps.ipn" job,
// which runs processWpsIpnMessage: it verifies the message by post-back, then applies it by the rule IPN and PDT
// share (apply-message.ts).

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

/** The IPN post-back / PDT host of the button's environment. */
export function ipnVerifyUrl(environment: WpsButton["environment"]) {
  return environment === "live" ? env.PAYPAL_IPN_VERIFY_URL_LIVE : env.PAYPAL_IPN_VERIFY_URL_SANDBOX;
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
