import Link from "next/link";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { PageHeader } from "~/components/ui/page-header";
import { BackLink } from "~/features/payments/back-link";
import { DetailCard, DetailRow } from "~/features/payments/detail-card";
import { customerHref, popEditHref, safeBackHref } from "~/features/payments/links";
import { serverApi } from "~/trpc/server";
import { decodeParam, orNotFound, type SearchParams } from "../list-params";

export const metadata = { title: "Payment · Popkit" };

const link =
  "text-brand-700 focus-visible:outline-brand-600 rounded font-medium hover:underline focus-visible:outline-2";
const bundleLabels = { basic: "Basic", premium: "Premium" } as const;

export default async function PaymentDetailPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const api = await serverApi();
  const payment = await orNotFound(api.merchant.getPayment({ id: decodeParam(id) }));
  const back = safeBackHref(query.back, "/dashboard/payments");
  const isFromCustomer = back.startsWith("/dashboard/customers/");
  const none = <span className="text-gray-600">—</span>;

  return (
    <div className="space-y-6">
      <PageHeader
        back={<BackLink href={back}>{isFromCustomer ? "Back to customer" : "Back to payments"}</BackLink>}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span>
              <span className="sr-only">Payment of </span>
              <Money amountMinor={payment.amountMinor} currency={payment.currency} />
            </span>
            <TransactionStatusBadge status={payment.status} />
          </span>
        }
        description={
          <>
            {payment.pop?.name ?? "A deleted POP"} · <DateTime value={payment.createdAt} />
          </>
        }
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title="Payment">
          <DetailRow label="Amount">
            <Money amountMinor={payment.amountMinor} currency={payment.currency} className="font-medium" />
          </DetailRow>
          <DetailRow label="Currency">{payment.currency}</DetailRow>
          <DetailRow label="Status">
            <TransactionStatusBadge status={payment.status} />
          </DetailRow>
          <DetailRow label="Date">
            <DateTime value={payment.createdAt} />
          </DetailRow>
          {payment.updatedAt.getTime() !== payment.createdAt.getTime() && (
            <DetailRow label="Last updated">
              <DateTime value={payment.updatedAt} />
            </DetailRow>
          )}
          <DetailRow label="Type">{payment.paypalSubscriptionId ? "Subscription" : "One-time"}</DetailRow>
          <DetailRow label="POP">
            {payment.pop ? (
              <Link href={popEditHref(payment.pop)} className={link}>
                {payment.pop.name}
              </Link>
            ) : (
              <span className="text-gray-600">Deleted</span>
            )}
          </DetailRow>
          {payment.pop?.kind === "sell_page" && (
            <DetailRow label="Bundle">{payment.bundleTier ? bundleLabels[payment.bundleTier] : "Unknown"}</DetailRow>
          )}
        </DetailCard>

        <div className="min-w-0 space-y-6">
          <DetailCard title="Buyer">
            <DetailRow label="Name">{payment.payerName ?? none}</DetailRow>
            <DetailRow label="E-mail">
              {payment.payerEmail ? (
                <Link href={customerHref(payment.payerEmail)} className={`${link} break-all`}>
                  {payment.payerEmail}
                </Link>
              ) : (
                none
              )}
            </DetailRow>
            <DetailRow label="PayPal payer ID" isMono>
              {payment.paypalPayerId ?? none}
            </DetailRow>
          </DetailCard>

          <DetailCard title="PayPal references">
            <DetailRow label="Order ID" isMono>
              {payment.paypalOrderId}
            </DetailRow>
            {payment.paypalCaptureId && (
              <DetailRow label="Capture ID" isMono>
                {payment.paypalCaptureId}
              </DetailRow>
            )}
            {payment.paypalSubscriptionId && (
              <DetailRow label="Subscription ID" isMono>
                {payment.paypalSubscriptionId}
              </DetailRow>
            )}
          </DetailCard>
        </div>
      </div>
    </div>
  );
}
