import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { LicenseKeysSection } from "~/features/licenses/license-key-list";
import { PortalFacts } from "~/features/portal/portal-facts";
import { PortalHeader } from "~/features/portal/portal-header";
import { SubscriptionActions } from "~/features/portal/subscription-actions";
import { StoreBrand } from "~/features/stores/store-brand";
import { planLabel } from "~/features/subscriptions/plan";
import { SubscriptionStatusBadge } from "~/features/subscriptions/subscription-status-badge";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { orNotFound, requireBuyer } from "~/server/portal/current-buyer";
import { portalSubscription } from "~/server/portal/portal";
import { planChoices } from "~/server/subscriptions/changes";

export const metadata: Metadata = { title: "Subscription" };

async function load(email: string, id: string) {
  const detail = await portalSubscription(email, id);
  return { ...detail, choices: await planChoices(detail.subscription.id) };
}

const planNotices: Record<string, { tone: "success" | "info"; text: string }> = {
  changed: { tone: "success", text: "Your plan is changed. The new price applies from your next billing cycle." },
  pending: { tone: "info", text: "PayPal has not confirmed the plan change yet. This page shows it once it does." },
  kept: { tone: "info", text: "You kept your current plan." },
};

/**
 * One subscription: status, plan, price, next billing date, its license keys, every payment, and what the subscriber
 * may change.
 */
export default async function PortalSubscriptionPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const email = await requireBuyer(`/portal/subscriptions/${id}`);
  const detail = await orNotFound(load(email, id));
  const { subscription, store, payments, choices, licenseKeys } = detail;
  const plan = (await searchParams).plan;
  const notice = typeof plan === "string" ? planNotices[plan] : undefined;
  const isLive = subscription.status === "active" || subscription.status === "suspended";
  const nextBilling =
    isLive && subscription.nextBillingAt ? formatDateTime(subscription.nextBillingAt, store.timeZone, "date") : null;
  const rows: [string, string][] = [
    ["Plan", `${subscription.name}: ${planLabel(subscription)}`],
    ["Subscription ID", subscription.paypalSubscriptionId],
    ["Started", formatDateTime(subscription.createdAt, store.timeZone, "date")],
  ];
  if (nextBilling) rows.push(["Next payment", nextBilling]);
  if (subscription.cancelledAt) rows.push(["Cancelled", formatDateTime(subscription.cancelledAt, store.timeZone)]);

  return (
    <>
      <PortalHeader email={email} back />
      <Card className="space-y-6 p-6">
        <StoreBrand brand={store.brand} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold text-gray-900">{subscription.name}</h1>
          <SubscriptionStatusBadge status={subscription.status} />
        </div>
        {subscription.status === "cancelled" ? (
          <Alert tone="info">This subscription is cancelled. PayPal will not bill you for it again.</Alert>
        ) : (
          notice && <Alert tone={notice.tone}>{notice.text}</Alert>
        )}
        <PortalFacts rows={rows} />
        {isLive && (
          <SubscriptionActions
            subscriptionId={subscription.id}
            name={subscription.name}
            canCancel
            canPause={store.allowsPause && subscription.status === "active"}
            canResume={store.allowsPause && subscription.status === "suspended"}
            choices={
              subscription.status === "active"
                ? choices.map((choice) => ({
                    buttonId: choice.buttonId,
                    name: choice.name,
                    label: planLabel(choice),
                    current: choice.current,
                  }))
                : []
            }
            nextBilling={nextBilling}
          />
        )}
        <LicenseKeysSection keys={licenseKeys} formatDate={(date) => formatDateTime(date, store.timeZone, "date")} />
        <section aria-label="Payments" className="border-t border-gray-100 pt-4">
          <h2 className="font-semibold text-gray-900">Payments</h2>
          {payments.length === 0 ? (
            <p className="mt-1 text-sm text-gray-600">No payment yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-gray-100 text-sm">
              {payments.map((payment) => (
                <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <Link href={`/portal/payments/${payment.id}`} className="text-brand-600 font-medium hover:underline">
                    {formatMoney(payment.amountMinor, payment.currency)} on{" "}
                    {formatDateTime(payment.paidAt, store.timeZone)}
                  </Link>
                  <TransactionStatusBadge status={payment.status} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </Card>
    </>
  );
}
