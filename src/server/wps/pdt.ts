import type { WpsButton } from "~/generated/prisma/client";
import type { Currency } from "~/lib/money";
import { decryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import { describeError, logger } from "~/server/platform/logger";
import { isSafeText } from "~/server/platform/request";
import { wpsActionUrl } from "~/server/wps/buttons";
import { applyVerifiedWpsMessage, type WpsOutcome } from "~/server/wps/apply-message";
import { charsetOfForm, parseWpsForm } from "~/server/wps/ipn";

// Payment Data Transfer: when the buyer comes back to /pdt-confirmation with PayPal's `tx`, the server redeems it
// with the button's identity token (cmd=_notify-synch) and records the payment by the same rule as IPN.

const PDT_TIMEOUT_MS = 15_000;
const TXN_ID = /^[A-Za-z0-9-]{1,64}$/;

export type PdtResult =
  | { kind: "success"; outcome: WpsOutcome }
  | { kind: "fail"; reason: string }
  /** No button with a PDT token to redeem with. */
  | { kind: "unavailable" };

/** The button to redeem with: the one that already holds this tx, else the `cm` (custom) PayPal returned. */
async function buttonFor(tx: string, cm: string | undefined): Promise<WpsButton | null> {
  const known = await db.wpsTransaction.findUnique({ where: { txnId: tx }, select: { button: true } });
  if (known) return known.button;
  const id = cm?.trim();
  // `cm` comes from the return address, which anyone can write.
  return id && id.length <= 100 && isSafeText(id) ? db.wpsButton.findUnique({ where: { id } }) : null;
}

/**
 * Redeems `tx` with PayPal (SUCCESS plus key=value lines in the account's charset, or FAIL) and applies the
 * answer like a verified IPN. The answer must name the button whose token redeemed it. Throws when PayPal cannot
 * be reached.
 */
export async function redeemPdt(params: { tx: string; cm?: string }): Promise<PdtResult> {
  if (!TXN_ID.test(params.tx)) return { kind: "fail", reason: "Malformed tx" };
  const button = await buttonFor(params.tx, params.cm);
  if (!button?.pdtTokenEncrypted) return { kind: "unavailable" };
  const body = new URLSearchParams({
    cmd: "_notify-synch",
    tx: params.tx,
    at: decryptSecret(button.pdtTokenEncrypted),
  }).toString();
  const response = await fetch(wpsActionUrl(button.environment), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
    signal: AbortSignal.timeout(PDT_TIMEOUT_MS),
    cache: "no-store",
  });
  if (!response.ok) throw new Error(`PDT answered ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const [first = "", ...lines] = bytes.toString("latin1").split(/\r?\n/);
  if (first.trim() !== "SUCCESS") return { kind: "fail", reason: lines.join(" ").trim() || first.trim() || "FAIL" };
  const form = Buffer.from(lines.filter((line) => line.includes("=")).join("&"), "latin1");
  const headerCharset = /charset=([^;\s]+)/i.exec(response.headers.get("content-type") ?? "")?.[1] ?? null;
  const fields = parseWpsForm(form, charsetOfForm(form) ?? headerCharset);
  // A token redeems only its own account's payments; still, the answer must be about this button.
  if (fields.custom?.trim() !== button.id) {
    return { kind: "success", outcome: { result: "rejected", reason: "PDT answer names another button" } };
  }
  if (fields.txn_id?.trim() !== params.tx) {
    return { kind: "success", outcome: { result: "rejected", reason: "PDT answer is about another transaction" } };
  }
  const outcome = await applyVerifiedWpsMessage(fields, { source: "pdt", raw: form.toString("latin1"), button });
  if (outcome.result === "rejected") logger.warn("WPS PDT rejected", { txnId: params.tx, reason: outcome.reason });
  return { kind: "success", outcome };
}

export type WpsReturnOutcome =
  | {
      kind: "verified";
      transactionId: string;
      amountMinor: number;
      currency: Currency;
      itemName: string;
      /** PayPal's payment_status (Completed, Pending, Refunded, ...). */
      status: string;
      paymentDate: string | null;
    }
  | { kind: "unverified" }
  | { kind: "error"; code: string };

async function verifiedRecord(tx: string): Promise<WpsReturnOutcome | null> {
  const row = await db.wpsTransaction.findUnique({
    where: { txnId: tx },
    select: {
      txnId: true,
      amountMinor: true,
      currency: true,
      itemName: true,
      paymentStatus: true,
      paymentDate: true,
      createdAt: true,
      button: { select: { itemName: true } },
    },
  });
  if (!row) return null;
  return {
    kind: "verified",
    transactionId: row.txnId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    itemName: row.itemName ?? row.button?.itemName ?? "",
    status: row.paymentStatus,
    paymentDate: row.paymentDate ?? row.createdAt.toISOString(),
  };
}

/**
 * What /pdt-confirmation may show for PayPal's return (`tx`, and `cm`, the button id PayPal echoes): a payment
 * only from a record written after PayPal verified it (by IPN or by redeeming the PDT here); a query string
 * alone never makes a success. Without a PDT token only an IPN already recorded can verify it.
 */
export async function confirmWpsReturn(params: { tx?: string; cm?: string }): Promise<WpsReturnOutcome> {
  const tx = params.tx?.trim();
  if (!tx) return { kind: "unverified" };
  if (!TXN_ID.test(tx)) return { kind: "error", code: "invalid_transaction" };
  const recorded = await verifiedRecord(tx);
  if (recorded) return recorded;
  let result: PdtResult;
  try {
    result = await redeemPdt({ tx, cm: params.cm });
  } catch (error) {
    // PayPal unreachable: the IPN may still record it; the page says the payment was received, no more.
    logger.warn("WPS PDT redeem failed", { txnId: tx, ...describeError(error) });
    return { kind: "unverified" };
  }
  if (result.kind === "unavailable") return { kind: "unverified" };
  if (result.kind === "fail") return { kind: "error", code: "verification_failed" };
  if (result.outcome.result === "rejected") return { kind: "error", code: "payment_not_verified" };
  return (await verifiedRecord(tx)) ?? { kind: "unverified" };
}
