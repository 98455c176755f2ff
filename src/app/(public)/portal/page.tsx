import Link from "next/link";
import { Card } from "~/components/ui/card";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { PortalHeader } from "~/features/portal/portal-header";
import { StoreBrand } from "~/features/stores/store-brand";
import { planLabel } from "~/features/subscriptions/plan";
import { SubscriptionStatusBadge } from "~/features/subscriptions/subscription-status-badge";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { requireBuyer } from "~/server/portal/current-buyer";
import { portalOverview } from "~/server/portal/portal";

/** Everything bought with the signed-in e-mail, one card per store, branded with that store's name and logo. */
export default async function PortalPage() {
  const email = await requireBuyer("/portal");
  const { stores, files } = await portalOverview(email);
  return (
    <>
      <PortalHeader email={email} />
      <h1 className="text-2xl font-bold text-gray-900">Your purchases</h1>
      {stores.length === 0 && <p className="mt-6 text-gray-600">Nothing has been bought with {email} yet.</p>}
      <div className="mt-6 space-y-6">
        {stores.map(({ store, payments, subscriptions }) => (
          <Card key={store.id} className="space-y-4 p-5" aria-label={store.brand.name}>
            <StoreBrand brand={store.brand} />
            {subscriptions.length > 0 && (
              <section aria-label="Subscriptions">
                <h2 className="text-sm font-semibold tracking-wide text-gray-500 uppercase">Subscriptions</h2>
                <ul className="mt-2 divide-y divide-gray-100">
                  {subscriptions.map((subscription) => (
                    <li key={subscription.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <div>
                        <Link
                          href={`/portal/subscriptions/${subscription.id}`}
                          className="text-brand-600 font-medium hover:underline"
                        >
                          {subscription.name}
                        </Link>
                        <p className="text-sm text-gray-600">
                          {planLabel(subscription)}
                          {subscription.nextBillingAt &&
                            (subscription.status === "active" || subscription.status === "suspended") &&
                            ` · next payment ${formatDateTime(subscription.nextBillingAt, store.timeZone, "date")}`}
                        </p>
                      </div>
                      <SubscriptionStatusBadge status={subscription.status} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {payments.length > 0 && (
              <section aria-label="Payments">
                <h2 className="text-sm font-semibold tracking-wide text-gray-500 uppercase">Payments</h2>
                <ul className="mt-2 divide-y divide-gray-100">
                  {payments.map((payment) => (
                    <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <div>
                        <Link href={payment.href} className="text-brand-600 font-medium hover:underline">
                          {payment.item}
                        </Link>
                        <p className="text-sm text-gray-600">
                          {formatMoney(payment.amountMinor, payment.currency)}
                          {payment.refundedMinor > 0 &&
                            ` (${formatMoney(payment.refundedMinor, payment.currency)} refunded)`}{" "}
                          · {formatDateTime(payment.paidAt, store.timeZone)}
                          {files.has(payment.id) && " · download"}
                        </p>
                      </div>
                      <TransactionStatusBadge status={payment.status} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </Card>
        ))}
      </div>
    </>
  );
}
