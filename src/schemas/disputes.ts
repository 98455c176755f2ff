import { z } from "zod";

// The Disputes screen: PayPal's cases against the store's payments.

/** Open cases (not resolved), or every case. */
export const listDisputesSchema = z.object({
  show: z.enum(["open", "all"], { error: "Show open cases or all cases." }).default("open"),
});
export type ListDisputesInput = z.output<typeof listDisputesSchema>;

/** PayPal's words for a case, as the seller reads them; one PayPal adds later shows as PayPal writes it. */
export const disputeReasonLabels: Record<string, string> = {
  MERCHANDISE_OR_SERVICE_NOT_RECEIVED: "Not received",
  MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED: "Not as described",
  UNAUTHORISED: "Unauthorised",
  CREDIT_NOT_PROCESSED: "Credit not processed",
  DUPLICATE_TRANSACTION: "Duplicate payment",
  INCORRECT_AMOUNT: "Incorrect amount",
  PAYMENT_BY_OTHER_MEANS: "Paid by other means",
  CANCELED_RECURRING_BILLING: "Cancelled recurring billing",
  PROBLEM_WITH_REMITTANCE: "Problem with remittance",
  OTHER: "Other",
};
export const disputeStageLabels: Record<string, string> = {
  INQUIRY: "Inquiry",
  CHARGEBACK: "Claim",
  PRE_ARBITRATION: "Pre-arbitration",
  ARBITRATION: "Arbitration",
};
export const disputeStatusLabels: Record<string, string> = {
  OPEN: "Open",
  WAITING_FOR_SELLER_RESPONSE: "Your answer needed",
  WAITING_FOR_BUYER_RESPONSE: "Waiting for the buyer",
  UNDER_REVIEW: "PayPal is reviewing",
  RESOLVED: "Resolved",
  OTHER: "Other",
};
export const disputeOutcomeLabels: Record<string, string> = {
  RESOLVED_BUYER_FAVOUR: "Buyer won",
  RESOLVED_SELLER_FAVOUR: "You won",
  RESOLVED_WITH_PAYOUT: "PayPal paid the buyer",
  CANCELED_BY_BUYER: "Cancelled by the buyer",
  ACCEPTED: "You accepted the claim",
  DENIED: "Denied",
  NONE: "No outcome",
};

/** A PayPal word as the seller reads it. */
export const labelOf = (labels: Record<string, string>, value: string) =>
  labels[value] ?? value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, " ");

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `now` to `due`, rounded up (a case due in 2 h is due in 1 day); negative once it has passed. */
export function daysUntil(due: Date, now: Date): number {
  const ms = due.getTime() - now.getTime();
  return ms < 0 ? -Math.ceil(-ms / DAY_MS) : Math.ceil(ms / DAY_MS);
}

/** The deadline as the list shows it. */
export function deadlineText(daysLeft: number): string {
  if (daysLeft < 0) return "Deadline passed";
  if (daysLeft === 0) return "Due now";
  return daysLeft === 1 ? "1 day left" : `${daysLeft} days left`;
}

/** One case of the store's. */
export const disputeIdSchema = z.object({
  id: z.string().trim().min(1, "Dispute not found.").max(64, "Dispute not found."),
});

/** Pausing (or resuming) the buyer's downloads and license keys while the case is open. */
export const pauseAccessSchema = disputeIdSchema.extend({ paused: z.boolean() });

// PayPal takes up to 2,000 characters in a note or message.
const NOTE_MAX = 2000;
const words = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Write ${what}.`)
    .max(NOTE_MAX, `Keep ${what} under ${NOTE_MAX.toLocaleString("en-US")} characters.`);

/** Accepting the buyer's claim: PayPal refunds them the disputed amount. */
export const acceptClaimSchema = disputeIdSchema.extend({ note: words("a note for PayPal") });

/** A message to the buyer on the case. */
export const sendDisputeMessageSchema = disputeIdSchema.extend({ message: words("a message") });

/**
 * The seller's evidence: their note (the facts Popkit assembled go with it, as a PDF) and their own files. PayPal
 * takes PDF, JPEG, PNG or GIF up to 10 MB each and 50 MB in all; we take 4 files of up to 5 MB, well inside it.
 */
export const EVIDENCE_FILES = {
  maxCount: 4,
  maxBytes: 5 * 1024 * 1024,
  types: ["application/pdf", "image/jpeg", "image/png", "image/gif"],
  accept: ".pdf,.jpg,.jpeg,.png,.gif",
} as const;
export const evidenceNoteSchema = z.object({
  note: z
    .string()
    .trim()
    .max(1500, "Keep your note under 1,500 characters: PayPal's notes hold 2,000 with the facts' summary."),
});

export const evidenceFileMessages = {
  tooMany: `Attach up to ${EVIDENCE_FILES.maxCount} files.`,
  tooLarge: (name: string) => `${name} is larger than 5 MB.`,
  wrongType: (name: string) => `${name} is not a PDF, JPG, PNG or GIF file.`,
} as const;
