// Where the job queue and e-mail meet the domains. The queue knows its kinds only as data and e-mail its templates
// only by name and payload; each domain exports the handlers of its kinds and what its mails say, and this module
// hands them over. Only code that runs jobs imports it: src/instrumentation.ts when it starts the workers, and tests
// that run a job or send a mail as the workers would. No domain imports it, so domains enqueue and record mail
// without an import cycle.
import { emailJobHandlers, type EmailTemplates } from "~/server/email";
import type { JobHandlers } from "~/server/jobs";
import { merchantWebhookJobHandlers } from "~/server/merchant-webhooks/jobs";
import { rateLimitJobHandlers } from "~/server/platform/rate-limit";
import { accountEmails } from "~/server/accounts/emails";
import { buyerEmails } from "~/server/payments/buyer-emails";
import { licenseEmails } from "~/server/licenses/emails";
import { disputeEmails } from "~/server/disputes/emails";
import { disputeJobHandlers } from "~/server/disputes/sync";
import { portalEmails } from "~/server/portal/emails";
import { portalJobHandlers } from "~/server/portal/sessions";
import { paypalEventJobHandlers } from "~/server/payments/paypal-events";
import { reconciliationJobHandlers } from "~/server/checkout/reconciliation";
import { upsellJobHandlers } from "~/server/checkout/upsell";
import { sellerDigestJobHandlers } from "~/server/analytics/digest";
import { sellerEmails } from "~/server/payments/seller-emails";
import { wpsIpnJobHandlers } from "~/server/wps/ipn";
import { uploadJobHandlers } from "~/server/vendors/storage/cleanup";

/** What every mail says: the "email.send" job composes with these. */
export const emailTemplates: EmailTemplates = {
  ...buyerEmails,
  ...portalEmails,
  ...sellerEmails,
  ...accountEmails,
  ...licenseEmails,
  ...disputeEmails,
};

/** Every job kind's handler, for startWorkers. */
export const jobHandlers: JobHandlers = {
  ...wpsIpnJobHandlers,
  ...paypalEventJobHandlers,
  ...reconciliationJobHandlers,
  ...merchantWebhookJobHandlers,
  ...emailJobHandlers(emailTemplates),
  ...sellerDigestJobHandlers,
  ...rateLimitJobHandlers,
  ...uploadJobHandlers,
  ...portalJobHandlers,
  ...upsellJobHandlers,
  ...disputeJobHandlers,
};
