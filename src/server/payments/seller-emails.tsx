// Mail to sellers about their store: sale alerts, refunds and cancellations they should know of, the daily digest.
// Composed by the "email.send" job, which gets these from src/server/job-handlers.ts; payloads: email/templates.ts.
import type { ReactNode } from "react";
import { env } from "~/env";
import { formatDateTime, startOfDayIn } from "~/lib/dates";
import { type Currency, formatMoney } from "~/lib/money";
import { db } from "~/server/platform/db";
import type { EmailTemplates } from "~/server/email";
import { ActionButton, EmailLayout, Facts, Paragraph } from "~/server/email/layout";
import {
  paymentFacts,
  planOf,
  refundFacts,
  type StoreBrand,
  storeBrand,
  subscriptionFacts,
} from "~/server/payments/email-facts";
import { itemOf } from "~/server/payments/payments";
import { dailyDigestFigures } from "~/server/analytics/digest";

/** An absolute link into the seller's dashboard. */
const dashboardUrl = (path: string) => `${env.APP_URL.replace(/\/+$/, "")}${path}`;
const paymentUrl = (id: string) => dashboardUrl(`/dashboard/payments/${encodeURIComponent(id)}`);
const settingsUrl = () => dashboardUrl("/dashboard/settings");

const buyerOf = (row: { payerName: string | null; payerEmail: string | null }) =>
  row.payerName && row.payerEmail
    ? `${row.payerName} (${row.payerEmail})`
    : (row.payerName ?? row.payerEmail ?? "Not given by PayPal");

/** The frame of every seller mail: the store's name and logo, and why the mail came. */
function SellerLayout(props: { store: StoreBrand; preview: string; footer: string; children: ReactNode }) {
  return (
    <EmailLayout preview={props.preview} brand={props.store.name} logoUrl={props.store.logoUrl} footer={props.footer}>
      {props.children}
    </EmailLayout>
  );
}

const moneyTransfersFooter = (store: string) =>
  `You received this e-mail because you sell as ${store} on Popkit. Notices about refunds and cancellations are ` +
  `always sent: they change what you are paid.`;

export const sellerEmails = {
  "sale-alert": {
    async compose({ transactionId }) {
      const payment = await paymentFacts(transactionId);
      const [store, settings] = payment
        ? await Promise.all([
            storeBrand(payment.merchantId),
            db.storeSettings.findUnique({
              where: { merchantId: payment.merchantId },
              select: { saleAlertsEnabled: true },
            }),
          ])
        : [null, null];
      // Turned off since the sale was recorded (a retry after an SMTP outage): the seller's choice wins.
      if (!payment || !store || settings?.saleAlertsEnabled === false) return null;
      const amount = formatMoney(payment.amountMinor, payment.currency);
      const item = itemOf(payment);
      const subject = item ? `New sale: ${amount} for ${item}` : `New sale: ${amount}`;
      return {
        subject,
        body: (
          <SellerLayout
            store={store}
            preview={subject}
            footer={`You get an e-mail for every sale because sale alerts are on. Turn them off in Store Settings: ${settingsUrl()}`}
          >
            <Paragraph>
              You made a sale of {amount}
              {item ? ` for ${item}` : ""}.
            </Paragraph>
            <Facts
              rows={[
                ["Item", item ?? "A deleted POP"],
                ["Amount", amount],
                ["Buyer", buyerOf(payment)],
                ["Purchase ID", payment.purchaseId],
                ["Date", formatDateTime(payment.createdAt, store.timeZone)],
              ]}
            />
            <ActionButton href={paymentUrl(payment.id)}>View the payment</ActionButton>
          </SellerLayout>
        ),
      };
    },
  },

  "refund-received": {
    async compose({ refundId }) {
      const facts = await refundFacts(refundId);
      if (!facts) return null;
      const { refund, payment, store } = facts;
      const amount = formatMoney(refund.amountMinor, refund.currency);
      const item = itemOf(payment) ?? "a deleted POP";
      const isReversal = refund.kind === "reversal";
      const subject = isReversal ? `PayPal reversed ${amount} for ${item}` : `Refund of ${amount} for ${item}`;
      const rows: [string, string][] = [
        [isReversal ? "Reversed" : "Refunded", amount],
        ["Remaining", formatMoney(payment.amountMinor - payment.refundedMinor, payment.currency)],
        ["Originally paid", formatMoney(payment.amountMinor, payment.currency)],
        ["Buyer", buyerOf(payment)],
        ["Purchase ID", payment.purchaseId],
        ["Made", refund.source === "dashboard" ? "From your Popkit dashboard" : "In PayPal"],
        ["Date", formatDateTime(refund.createdAt, store.timeZone)],
      ];
      if (refund.reason) rows.push(["Reason", refund.reason]);
      return {
        subject,
        body: (
          <SellerLayout store={store} preview={subject} footer={moneyTransfersFooter(store.name)}>
            <Paragraph>
              {isReversal
                ? `PayPal took back ${amount} of a payment for ${item} (a dispute or chargeback).`
                : `${amount} of a payment for ${item} went back to the buyer.`}
            </Paragraph>
            <Facts rows={rows} />
            <ActionButton href={paymentUrl(payment.id)}>View the payment</ActionButton>
          </SellerLayout>
        ),
      };
    },
  },

  "subscription-cancelled-seller": {
    async compose({ subscriptionId }) {
      const facts = await subscriptionFacts(subscriptionId);
      if (!facts) return null;
      const { subscription, store } = facts;
      const plan = planOf(subscription);
      const subscriber = subscription.payerName ?? subscription.payerEmail ?? "A subscriber";
      const subject = `Subscription cancelled: ${subscriber} (${plan})`;
      return {
        subject,
        body: (
          <SellerLayout store={store} preview={subject} footer={moneyTransfersFooter(store.name)}>
            <Paragraph>
              {subscriber} is no longer subscribed to {subscription.button?.name ?? "a deleted subscription button"}.
              PayPal will not charge them again.
            </Paragraph>
            <Facts
              rows={[
                ["Subscriber", buyerOf(subscription)],
                ["Plan", plan],
                ["Subscription ID", subscription.paypalSubscriptionId],
                ["Cancelled", formatDateTime(subscription.cancelledAt ?? subscription.updatedAt, store.timeZone)],
              ]}
            />
            <ActionButton
              href={dashboardUrl(`/dashboard/customers/subscribers/${encodeURIComponent(subscription.id)}`)}
            >
              View the subscriber
            </ActionButton>
          </SellerLayout>
        ),
      };
    },
  },

  "daily-digest": {
    async compose({ merchantId, date }) {
      const [digest, store] = await Promise.all([dailyDigestFigures(merchantId, date), storeBrand(merchantId)]);
      if (!digest || !store) return null;
      const day = formatDateTime(startOfDayIn(date, digest.timeZone), digest.timeZone, "date");
      const money = (lines: { amountMinor: number; currency: Currency }[]) =>
        lines.length > 0 ? lines.map((line) => formatMoney(line.amountMinor, line.currency)).join(" + ") : "None";
      const revenue = money(digest.revenue);
      const sales = `${digest.sales} ${digest.sales === 1 ? "sale" : "sales"}`;
      const subject = `${store.name} on ${day}: ${revenue === "None" ? "no revenue" : revenue}, ${sales}`;
      return {
        subject,
        body: (
          <SellerLayout
            store={store}
            preview={subject}
            footer={`You get this summary every morning because the daily digest is on. Turn it off in Store Settings: ${settingsUrl()}`}
          >
            <Paragraph>Here is how {day} went.</Paragraph>
            <Facts
              rows={[
                ["Revenue", revenue],
                ["Sales", String(digest.sales)],
                ["Refunds", digest.refunds > 0 ? `${digest.refunds} (${money(digest.refunded)})` : "None"],
                ["New subscribers", String(digest.newSubscribers)],
              ]}
            />
            {digest.topPops.length > 0 && (
              <>
                <Paragraph>Top POPs</Paragraph>
                <Facts
                  rows={digest.topPops.map((pop) => [
                    pop.name,
                    `${formatMoney(pop.revenueMinor, pop.currency)} from ${pop.sales} ${pop.sales === 1 ? "sale" : "sales"}`,
                  ])}
                />
              </>
            )}
            <Paragraph>Revenue is what PayPal captured minus what was refunded, as on your dashboard.</Paragraph>
            <ActionButton href={dashboardUrl("/dashboard")}>Open your dashboard</ActionButton>
          </SellerLayout>
        ),
      };
    },
  },
} satisfies Partial<EmailTemplates>;
