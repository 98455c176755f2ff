import Link from "next/link";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { PageHeader } from "~/components/ui/page-header";
import { BackLink } from "~/features/payments/back-link";
import { BuyerCard, DetailCard, DetailRow, detailLinkClasses as link } from "~/features/payments/detail-card";
import { EventHistory } from "~/features/payments/event-history";
import { popEditHref, safeBackHref } from "~/features/payments/links";
import { BuyerPaymentsSection } from "~/features/payments/payments-table";
import { CancelSubscriptionButton } from "~/features/subscriptions/cancel-subscription";
import { subscribersPath } from "~/features/subscriptions/links";
import { planLabel, subscriberName } from "~/features/subscriptions/plan";
import { changeLabel } from "~/features/subscriptions/change-label";
import { SubscriptionStatusBadge } from "~/features/subscriptions/subscription-status-badge";
import { pageParam, sortParams, sortInput, listPage } from "~/lib/search-params";
import { paymentSorts } from "~/schemas/payments";
import { serverApi } from "~/trpc/server";
import { detailParamsOf, orNotFound, type DetailPageProps } from "../../../payments/list-params";

export const metadata = { title: "Subscriber · Popkit" };

export default async function SubscriberDetailPage(props: DetailPageProps) {
  const { id, query } = await detailParamsOf(props);
  const sort = sortParams(query, paymentSorts, { id: "date", desc: true });
  const page = pageParam(query.page);
  const api = await serverApi();
  const subscriber = await orNotFound(api.merchant.subscriptions.get({ id }));
  const payments = await api.merchant.payments.list({
    paypalSubscriptionId: subscriber.paypalSubscriptionId,
    ...sortInput(sort),
    page,
  });
  const back = safeBackHref(query.back, subscribersPath);
  const name = subscriberName(subscriber);
  const none = <span className="text-gray-600">—</span>;
  const day = (date: Date | null) => (date ? <DateTime value={date} style="date" /> : none);

  return (
    <div className="space-y-6">
      <PageHeader
        back={<BackLink href={back}>Back to subscribers</BackLink>}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="break-all">{name}</span>
            <SubscriptionStatusBadge status={subscriber.status} />
          </span>
        }
        description={planLabel(subscriber)}
        actions={subscriber.canCancel && <CancelSubscriptionButton subscription={{ id: subscriber.id, name }} />}
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title="Subscription">
          <DetailRow label="Plan">{planLabel(subscriber)}</DetailRow>
          <DetailRow label="Status">
            <SubscriptionStatusBadge status={subscriber.status} />
          </DetailRow>
          <DetailRow label="Button">
            {subscriber.button ? (
              <Link href={popEditHref({ kind: "payment_button", id: subscriber.button.id })} className={link}>
                {subscriber.button.name}
              </Link>
            ) : (
              <span className="text-gray-600">Deleted</span>
            )}
          </DetailRow>
          <DetailRow label="Started">{day(subscriber.createdAt)}</DetailRow>
          <DetailRow label="Next billing">{day(subscriber.nextBillingAt)}</DetailRow>
          <DetailRow label="Last payment">{day(subscriber.lastPaymentAt)}</DetailRow>
          <DetailRow label="Failed payments">
            {subscriber.failedPaymentsCount}
            {subscriber.lastFailedPaymentAt && (
              <span className="text-gray-600">
                {" "}
                (last on <DateTime value={subscriber.lastFailedPaymentAt} style="date" />)
              </span>
            )}
          </DetailRow>
          {subscriber.cancelledAt && <DetailRow label="Cancelled">{day(subscriber.cancelledAt)}</DetailRow>}
          {subscriber.latestChange && (
            <DetailRow label="Last change">
              {changeLabel(subscriber.latestChange)} on {day(subscriber.latestChange.createdAt)}
              {subscriber.latestChange.reason && (
                <span className="block break-words text-gray-700">Reason: {subscriber.latestChange.reason}</span>
              )}
            </DetailRow>
          )}
          <DetailRow label="Total paid">
            <Money amountMinor={subscriber.totalPaidMinor} currency={subscriber.currency} className="font-medium" />
            <span className="text-gray-600">
              {" "}
              in {subscriber.payments} {subscriber.payments === 1 ? "payment" : "payments"}, net of refunds
            </span>
          </DetailRow>
        </DetailCard>

        <div className="min-w-0 space-y-6">
          <BuyerCard name={subscriber.payerName} email={subscriber.payerEmail}>
            <DetailRow label="PayPal payer ID" isMono>
              {subscriber.payerId ?? none}
            </DetailRow>
          </BuyerCard>
          <DetailCard title="PayPal references">
            <DetailRow label="Subscription ID" isMono>
              {subscriber.paypalSubscriptionId}
            </DetailRow>
            <DetailRow label="Plan ID" isMono>
              {subscriber.planId}
            </DetailRow>
          </DetailCard>
        </div>
      </div>

      <BuyerPaymentsSection
        titleId="subscriber-payments"
        label={`Payments of ${name}`}
        payments={payments.payments}
        sort={sort}
        emptyDescription="Each billing cycle's payment appears here once PayPal reports it."
        page={listPage(page, payments)}
      />

      <DetailCard title="Event history" isList>
        <EventHistory events={subscriber.events} empty="No PayPal events for this subscription yet." />
      </DetailCard>
    </div>
  );
}
