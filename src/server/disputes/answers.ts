import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { evidenceMimeTypeOf } from "~/lib/file-types";
import { EVIDENCE_FILES, evidenceFileMessages } from "~/schemas/disputes";
import { merchantPayPal } from "~/server/vendors/paypal/merchant-client";
import type { EvidenceFile } from "~/server/vendors/paypal/disputes";
import { CASE_CLOSED, ownDispute, recordDispute } from "~/server/disputes/disputes";
import { evidenceText, proposeEvidence } from "~/server/disputes/evidence";

// The seller's answers to a case, sent through PayPal's Disputes API: evidence (the facts Popkit assembled, as a
// PDF, with the seller's note and files), accepting the claim, or a message to the buyer. Each one then reads the
// case back from PayPal, so the screen shows PayPal's new state at once (the webhook that follows changes nothing).

export const NOT_WAITING = "PayPal is not waiting for your answer on this case.";
export const DEADLINE_PASSED = "The deadline to answer this case has passed: PayPal decides it without your answer.";
const EXTENSION_OF: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
};
export const MESSAGES_IN_INQUIRY =
  "PayPal takes messages to the buyer only while the case is an inquiry; answer with evidence instead.";
/** PayPal's notes hold 2,000 characters: the seller's note, then a pointer to the attached facts. */
const NOTES_MAX = 2000;

async function openCase(merchantId: string, disputeId: string) {
  const dispute = await ownDispute(merchantId, disputeId);
  if (dispute.status === "RESOLVED") throw new AppError("CONFLICT", CASE_CLOSED);
  return dispute;
}

/** Reads the case back from PayPal and keeps what it says now. */
async function refresh(merchantId: string, paypalDisputeId: string) {
  const { client } = await merchantPayPal(merchantId);
  await recordDispute(merchantId, await client.getDispute(paypalDisputeId), new Date());
}

/** The seller's own files, checked as PayPal requires (type by their bytes, size, count) before anything is sent. */
export function checkEvidenceFiles(files: EvidenceFile[]): EvidenceFile[] {
  if (files.length > EVIDENCE_FILES.maxCount) throw new AppError("INVALID", evidenceFileMessages.tooMany);
  return files.map((file) => {
    if (file.bytes.byteLength > EVIDENCE_FILES.maxBytes) {
      throw new AppError("INVALID", evidenceFileMessages.tooLarge(file.name));
    }
    const contentType = evidenceMimeTypeOf(file.bytes.subarray(0, 16));
    if (!contentType) throw new AppError("INVALID", evidenceFileMessages.wrongType(file.name));
    // PayPal shows the name to its reviewer (plain characters only) and wants the extension of its type.
    const base =
      file.name
        .replace(/\.[^.]*$/, "")
        .replace(/[^\w-]+/g, "_")
        .slice(-80) || "evidence";
    return { name: `${base}.${EXTENSION_OF[contentType]}`, contentType, bytes: file.bytes };
  });
}

/**
 * Sends the case's evidence: the proposed facts as a PDF, the seller's note and files. Refused when PayPal is not
 * waiting for the seller, or once the deadline has passed.
 */
export async function sendEvidence(
  merchantId: string,
  disputeId: string,
  input: { note: string; files: EvidenceFile[] },
  now = new Date(),
) {
  const dispute = await openCase(merchantId, disputeId);
  if (dispute.status !== "WAITING_FOR_SELLER_RESPONSE") throw new AppError("CONFLICT", NOT_WAITING);
  if (dispute.sellerResponseDueAt && dispute.sellerResponseDueAt <= now) {
    throw new AppError("CONFLICT", DEADLINE_PASSED);
  }
  const files = checkEvidenceFiles(input.files);
  const [evidence, settings] = await Promise.all([
    proposeEvidence(merchantId, disputeId),
    db.storeSettings.findUnique({ where: { merchantId }, select: { storeName: true, timeZone: true } }),
  ]);
  const { renderEvidencePdf } = await import("~/server/disputes/evidence-pdf");
  const pdf = await renderEvidencePdf({
    storeName: settings?.storeName ?? "The seller",
    paypalDisputeId: dispute.paypalDisputeId,
    note: input.note,
    evidence,
    timeZone: settings?.timeZone ?? "UTC",
    now,
  });
  const pointer = "Our records of this payment are attached (popkit-evidence.pdf).";
  const notes = `${input.note.trim() ? `${input.note.trim()}\n\n` : ""}${pointer}`.slice(0, NOTES_MAX);
  const { client } = await merchantPayPal(merchantId);
  await client.provideEvidence(dispute.paypalDisputeId, [
    {
      type: evidence.type,
      notes,
      files: [
        {
          name: `popkit-evidence-${dispute.paypalDisputeId}.pdf`,
          contentType: "application/pdf",
          bytes: new Uint8Array(pdf),
        },
        ...files,
      ],
    },
  ]);
  await db.dispute.update({
    where: { id: dispute.id },
    data: { answer: "evidence", answeredAt: now, answerNote: evidenceText(evidence, input.note).slice(0, 20_000) },
  });
  await refresh(merchantId, dispute.paypalDisputeId);
  return { sent: true };
}

/** Accepts the buyer's claim: PayPal refunds them, and its refund or reversal reaches the ledger once. */
export async function acceptClaim(merchantId: string, input: { id: string; note: string }) {
  const dispute = await openCase(merchantId, input.id);
  const { client } = await merchantPayPal(merchantId);
  await client.acceptClaim(dispute.paypalDisputeId, input.note);
  await db.dispute.update({
    where: { id: dispute.id },
    data: { answer: "accepted", answeredAt: new Date(), answerNote: input.note },
  });
  await refresh(merchantId, dispute.paypalDisputeId);
  return { accepted: true };
}

/** A message to the buyer on the case (PayPal shows it to them and keeps it with the case). */
export async function sendDisputeMessage(merchantId: string, input: { id: string; message: string }) {
  const dispute = await openCase(merchantId, input.id);
  if (dispute.stage !== "INQUIRY") throw new AppError("CONFLICT", MESSAGES_IN_INQUIRY);
  const { client } = await merchantPayPal(merchantId);
  await client.sendMessage(dispute.paypalDisputeId, input.message);
  await refresh(merchantId, dispute.paypalDisputeId);
  return { sent: true };
}
