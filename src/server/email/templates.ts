// Every kind of mail the product sends, as data: its name (stored with each recorded mail) and the payload recorded
// with it. What a mail says is written by its domain (src/server/<domain>/*emails.tsx) and handed to deliverEmail
// by src/server/job-handlers.ts, so e-mail imports no domain and any domain may record mail without an import cycle.
// A new mail is added here (its payload) and in its domain's file (what it says); the compiler asks for both.
import { z } from "zod";
import type { EmailTemplate } from "./template";

const byUser = z.object({ userId: z.string().min(1) });

export const emailPayloadSchemas = {
  // To buyers
  receipt: z.object({ transactionId: z.string().min(1) }),
  "refund-notice": z.object({ refundId: z.string().min(1) }),
  "shipment-notice": z.object({ transactionId: z.string().min(1) }),
  "subscription-cancelled": z.object({ subscriptionId: z.string().min(1) }),
  "portal-sign-in": z.object({ email: z.string().min(1), next: z.string().nullable() }),
  // To sellers
  "sale-alert": z.object({ transactionId: z.string().min(1) }),
  "refund-received": z.object({ refundId: z.string().min(1) }),
  "subscription-cancelled-seller": z.object({ subscriptionId: z.string().min(1) }),
  "license-pool-low": z.object({ buttonId: z.string().min(1) }),
  "dispute-opened": z.object({ disputeId: z.string().min(1) }),
  "dispute-deadline": z.object({ disputeId: z.string().min(1) }),
  "daily-digest": z.object({ merchantId: z.string().min(1), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  // About a merchant's own account
  "password-reset": byUser,
  "verify-email": byUser,
  "signup-attempt": byUser,
  "password-changed": byUser,
};

export type EmailTemplateName = keyof typeof emailPayloadSchemas & string;
export type EmailPayloads = { [K in EmailTemplateName]: z.output<(typeof emailPayloadSchemas)[K]> };
/** What every mail says, by name, each taking its own payload: a mail left out does not compile. */
export type EmailTemplates = { [K in EmailTemplateName]: EmailTemplate<EmailPayloads[K]> };
