// Mail to buyers: the receipt (with the library link for files, and the way into the customer portal), refund
// and cancellation notices. Buyers have no account: each mail says which store it is from.
// Composed by the "email.send" job, which gets these from src/server/job-handlers.ts; payloads: email/templates.ts.
import { env } from "~/env";
import { formatDateTime } from "~/lib/dates";
import { reverseChargeNote, taxLabel } from "~/lib/eu-vat";
import { formatMoney } from "~/lib/money";
import { shippingAddressLines } from "~/lib/shipping-address";
import { carrierName, trackingUrl } from "~/lib/tracking";
import { db } from "~/server/platform/db";
import type { EmailTemplates } from "~/server/email";
import { ActionButton, EmailLayout, Facts, Paragraph, TextLink } from "~/server/email/layout";
import {
  paymentFacts,
  planOf,
  refundFacts,
  storeBrand,
  subscriptionFacts,
  type PaymentFacts,
} from "~/server/payments/email-facts";
import { lineLabel } from "~/server/payments/payments";
import { createLibraryLink } from "~/server/library/library";
import { keysOfPayment } from "~/server/licenses/delivery";
import { LicenseKeysInMail } from "~/server/licenses/emails";

/** The receipt's shipping and tax rows: what the buyer paid on top of the items, and tax inside prices. */
function shippingAndTaxRows(payment: PaymentFacts): [string, string][] {
  const money = (minor: number) => formatMoney(minor, payment.currency);
  const rows: [string, string][] = [];
  if (payment.shippingMethod || payment.shippingMinor > 0) {
    rows.push([
      payment.shippingMethod ? `Shipping (${payment.shippingMethod})` : "Shipping",
      money(payment.shippingMinor),
    ]);
  }
  if (payment.taxMinor > 0) rows.push([taxLabel(payment.taxCountry), money(payment.taxMinor)]);
  const included = payment.lines.reduce((sum, line) => sum + (line.taxIncluded ? line.taxMinor : 0), 0);
  if (included > 0) rows.push([`Includes ${taxLabel(payment.taxCountry).replace("Tax", "tax")}`, money(included)]);
  if (payment.buyerVatId) rows.push(["VAT", reverseChargeNote(payment.buyerVatId)]);
  return rows;
}

const buyerFooter = (store: string) =>
  `You received this e-mail because you paid ${store} through Popkit with PayPal. PayPal sends its own receipt too.`;

export const buyerEmails = {
  receipt: {
    async compose({ transactionId }, { to }) {
      const payment = await paymentFacts(transactionId);
      const store = payment && (await storeBrand(payment.merchantId));
      if (!payment || !store) return null;
      const amount = formatMoney(payment.amountMinor, payment.currency);
      const subscription = payment.paypalSubscriptionId
        ? await db.subscription.findUnique({ where: { paypalSubscriptionId: payment.paypalSubscriptionId } })
        : null;
      const libraryUrl = payment.isDigital ? await createLibraryLink(to) : null;
      // Issued in the transaction that recorded the payment, so they exist by the time this mail is composed. A
      // receipt sent late (after a refund or a replacement) hands out only the keys that still work.
      const licenseKeys = (await keysOfPayment(payment)).filter((key) => key.status !== "disabled");
      // The portal page asks for a sign-in link by e-mail first, unless the library link already signed them in.
      const portalUrl = `${env.APP_URL}/portal/${subscription ? `subscriptions/${subscription.id}` : `payments/${transactionId}`}`;
      // Several items (an order bump, a cart): one row each at its price, as PayPal's receipt lists them; the
      // discount row follows.
      const rows: [string, string][] =
        payment.lines.length > 1
          ? payment.lines.map((line) => [
              lineLabel(line),
              formatMoney(line.amountMinor + line.discountMinor, payment.currency) +
                (line.taxMinor > 0 ? ` (tax ${formatMoney(line.taxMinor, payment.currency)})` : ""),
            ])
          : [["Item", payment.item]];
      if (payment.lines.length <= 1 && payment.quantity > 1) rows.push(["Quantity", String(payment.quantity)]);
      if (payment.discountMinor > 0) {
        const code = payment.discountCodeText ? ` (${payment.discountCodeText})` : "";
        rows.push(["Discount", `-${formatMoney(payment.discountMinor, payment.currency)}${code}`]);
      }
      rows.push(...shippingAndTaxRows(payment));
      const shipTo = shippingAddressLines(payment);
      if (shipTo) rows.push(["Ships to", [shipTo.name, ...shipTo.lines].filter(Boolean).join(", ")]);
      rows.push(
        ["Amount paid", amount],
        ["Purchase ID", payment.purchaseId],
        ["Date", formatDateTime(payment.createdAt, store.timeZone)],
      );
      if (subscription) {
        rows.push(["Subscription", planOf(subscription)]);
        if (subscription.nextBillingAt) {
          rows.push(["Next payment", formatDateTime(subscription.nextBillingAt, store.timeZone, "date")]);
        }
      }
      return {
        subject: `Your receipt from ${store.name}: ${payment.item}`,
        replyTo: store.supportEmail,
        body: (
          <EmailLayout
            preview={`${amount} paid to ${store.name}`}
            brand={store.name}
            logoUrl={store.logoUrl}
            contact={store}
            footer={buyerFooter(store.name)}
          >
            <Paragraph>
              Thank you{payment.payerName ? `, ${payment.payerName}` : ""}! Your payment to {store.name} went through.
            </Paragraph>
            <Facts rows={rows} />
            <LicenseKeysInMail keys={licenseKeys} timeZone={store.timeZone} />
            {libraryUrl && (
              <>
                <Paragraph>Your download is in your purchases, where you can get fresh download links later:</Paragraph>
                <ActionButton href={libraryUrl}>Open your purchases</ActionButton>
                <Paragraph>Or paste this address into your browser: {libraryUrl}</Paragraph>
              </>
            )}
            <Paragraph>
              {licenseKeys.length > 0 &&
                `You can find your license ${licenseKeys.length === 1 ? "key" : "keys"} again in your purchases. `}
              {subscription
                ? "Your invoice, your payments and your subscription (cancel, pause or change it) are in your purchases: "
                : "Your invoice and your purchase are in your purchases: "}
              <TextLink href={portalUrl}>{subscription ? "Manage your subscription" : "Manage your purchase"}</TextLink>
            </Paragraph>
            <Paragraph>Questions about your purchase? Reply to this e-mail or write to {store.supportEmail}.</Paragraph>
          </EmailLayout>
        ),
      };
    },
  },

  "shipment-notice": {
    async compose({ transactionId }) {
      const payment = await paymentFacts(transactionId);
      const store = payment && (await storeBrand(payment.merchantId));
      if (!payment || !store || !payment.trackingNumber) return null;
      const url = trackingUrl(payment.carrier, payment.trackingNumber);
      const carrier = payment.carrier ? carrierName(payment.carrier) : "The carrier";
      const shipTo = shippingAddressLines(payment);
      const rows: [string, string][] = [
        ["Item", payment.item],
        ["Carrier", carrier],
        ["Tracking number", payment.trackingNumber],
      ];
      if (shipTo) rows.push(["Ships to", [shipTo.name, ...shipTo.lines].filter(Boolean).join(", ")]);
      rows.push(["Purchase ID", payment.purchaseId]);
      return {
        subject: `Your order from ${store.name} has shipped`,
        replyTo: store.supportEmail,
        body: (
          <EmailLayout
            preview={`${carrier} tracking number ${payment.trackingNumber}`}
            brand={store.name}
            logoUrl={store.logoUrl}
            contact={store}
            footer={buyerFooter(store.name)}
          >
            <Paragraph>
              Good news{payment.payerName ? `, ${payment.payerName}` : ""}: {store.name} shipped your order.
            </Paragraph>
            <Facts rows={rows} />
            {url && (
              <>
                <ActionButton href={url}>Track your parcel</ActionButton>
                <Paragraph>Or paste this address into your browser: {url}</Paragraph>
              </>
            )}
            <Paragraph>Questions about your order? Reply to this e-mail or write to {store.supportEmail}.</Paragraph>
          </EmailLayout>
        ),
      };
    },
  },

  "refund-notice": {
    async compose({ refundId }) {
      const facts = await refundFacts(refundId);
      if (!facts) return null;
      const { refund, payment, store } = facts;
      const amount = formatMoney(refund.amountMinor, refund.currency);
      const fullyRefunded = payment.status === "refunded";
      return {
        subject: `${store.name} refunded ${amount}`,
        replyTo: store.supportEmail,
        body: (
          <EmailLayout
            preview={`A refund of ${amount} is on its way`}
            brand={store.name}
            logoUrl={store.logoUrl}
            contact={store}
            footer={buyerFooter(store.name)}
          >
            <Paragraph>
              {store.name} refunded {amount} of your payment for {payment.item}. PayPal returns it to the account or
              card you paid with; it can take a few days to show.
            </Paragraph>
            <Facts
              rows={[
                ["Refunded", amount],
                ["Originally paid", formatMoney(payment.amountMinor, payment.currency)],
                ["Purchase ID", payment.purchaseId],
                ["Date", formatDateTime(refund.createdAt, store.timeZone)],
              ]}
            />
            {fullyRefunded && payment.isDigital && (
              <Paragraph>As the payment was refunded in full, its download links no longer work.</Paragraph>
            )}
            <Paragraph>Questions? Reply to this e-mail or write to {store.supportEmail}.</Paragraph>
          </EmailLayout>
        ),
      };
    },
  },

  "subscription-cancelled": {
    async compose({ subscriptionId }) {
      const facts = await subscriptionFacts(subscriptionId);
      if (!facts) return null;
      const { subscription, store } = facts;
      const plan = planOf(subscription);
      const name = subscription.button?.name ?? "your subscription";
      return {
        subject: `Your subscription to ${name} from ${store.name} was cancelled`,
        replyTo: store.supportEmail,
        body: (
          <EmailLayout
            preview="You will not be charged again"
            brand={store.name}
            logoUrl={store.logoUrl}
            contact={store}
            footer={buyerFooter(store.name)}
          >
            <Paragraph>
              Your subscription to {name} ({plan}) from {store.name} was cancelled. PayPal will not charge you for it
              again.
            </Paragraph>
            <Facts
              rows={[
                ["Subscription ID", subscription.paypalSubscriptionId],
                ["Cancelled", formatDateTime(subscription.cancelledAt ?? new Date(), store.timeZone)],
              ]}
            />
            <Paragraph>Did not expect this? Reply to this e-mail or write to {store.supportEmail}.</Paragraph>
          </EmailLayout>
        ),
      };
    },
  },
} satisfies Partial<EmailTemplates>;
