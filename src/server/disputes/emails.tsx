// Mail about PayPal disputes, to the seller: a case was opened, and a case's deadline is three days away. PayPal
// decides against a seller who does not answer, so both are always sent. Composed by the "email.send" job, which
// gets these from src/server/job-handlers.ts; payloads: email/templates.ts.
import { env } from "~/env";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { db } from "~/server/platform/db";
import type { EmailTemplates } from "~/server/email";
import { ActionButton, EmailLayout, Facts, Paragraph } from "~/server/email/layout";
import { storeBrand } from "~/server/payments/email-facts";
import { disputeReasonLabels, disputeStageLabels, labelOf } from "~/schemas/disputes";

const caseUrl = (id: string) => `${env.APP_URL.replace(/\/+$/, "")}/dashboard/disputes/${encodeURIComponent(id)}`;

const FOOTER = (store: string) =>
  `You received this e-mail because a buyer opened a PayPal case against a payment to ${store} on Popkit. ` +
  `Notices about cases are always sent: PayPal decides against a seller who does not answer.`;

async function caseFacts(disputeId: string) {
  const dispute = await db.dispute.findUnique({
    where: { id: disputeId },
    select: {
      id: true,
      merchantId: true,
      paypalDisputeId: true,
      reason: true,
      stage: true,
      status: true,
      amountMinor: true,
      currency: true,
      sellerResponseDueAt: true,
      transaction: { select: { payerName: true, payerEmail: true } },
    },
  });
  const store = dispute && (await storeBrand(dispute.merchantId));
  if (!dispute || !store) return null;
  const buyer = dispute.transaction?.payerName ?? dispute.transaction?.payerEmail ?? "A buyer";
  const rows: [string, string][] = [
    ["Reason", labelOf(disputeReasonLabels, dispute.reason)],
    ["Stage", labelOf(disputeStageLabels, dispute.stage)],
    ["Amount", formatMoney(dispute.amountMinor, dispute.currency)],
    ["Buyer", buyer],
    ["PayPal case ID", dispute.paypalDisputeId],
  ];
  if (dispute.sellerResponseDueAt)
    rows.push(["Answer by", formatDateTime(dispute.sellerResponseDueAt, store.timeZone)]);
  return { dispute, store, buyer, rows };
}

export const disputeEmails = {
  "dispute-opened": {
    async compose({ disputeId }) {
      const facts = await caseFacts(disputeId);
      if (!facts) return null;
      const { dispute, store, buyer, rows } = facts;
      const amount = formatMoney(dispute.amountMinor, dispute.currency);
      const subject = `PayPal case opened: ${labelOf(disputeReasonLabels, dispute.reason).toLowerCase()} (${amount})`;
      return {
        subject,
        body: (
          <EmailLayout preview={subject} brand={store.name} logoUrl={store.logoUrl} footer={FOOTER(store.name)}>
            <Paragraph>
              {buyer} opened a case at PayPal against a payment of {amount}. Popkit has put together a proposed answer
              from what it recorded (the receipt, downloads, license activations, tracking): review it, add your note
              and send it before the deadline, or accept the claim.
            </Paragraph>
            <Facts rows={rows} />
            <ActionButton href={caseUrl(dispute.id)}>Answer the case</ActionButton>
          </EmailLayout>
        ),
      };
    },
  },

  "dispute-deadline": {
    async compose({ disputeId }) {
      const facts = await caseFacts(disputeId);
      // Answered or closed since the reminder was recorded: nothing to remind of.
      if (!facts || facts.dispute.status !== "WAITING_FOR_SELLER_RESPONSE") return null;
      const { dispute, store, rows } = facts;
      const subject = `3 days left to answer PayPal case ${dispute.paypalDisputeId}`;
      return {
        subject,
        body: (
          <EmailLayout preview={subject} brand={store.name} logoUrl={store.logoUrl} footer={FOOTER(store.name)}>
            <Paragraph>
              PayPal decides this case without you if you do not answer by its deadline. Your proposed answer is ready
              in Popkit.
            </Paragraph>
            <Facts rows={rows} />
            <ActionButton href={caseUrl(dispute.id)}>Answer the case</ActionButton>
          </EmailLayout>
        ),
      };
    },
  },
} satisfies Partial<EmailTemplates>;
