import Link from "next/link";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { PageHeader } from "~/components/ui/page-header";
import { appliedDiscountLabel } from "~/features/discounts/format";
import { DisputeList } from "~/features/disputes/dispute-list";
import { LicenseKeyList } from "~/features/licenses/license-key-list";
import { BackLink } from "~/features/payments/back-link";
import { BuyerCard, DetailCard, DetailRow, detailLinkClasses as link } from "~/features/payments/detail-card";
import { EventHistory } from "~/features/payments/event-history";
import { InvoicesCard } from "~/features/payments/invoices-card";
import { popEditHref, safeBackHref } from "~/features/payments/links";
import { RefundDialog } from "~/features/payments/refund-dialog";
import { RefundList } from "~/features/payments/refund-list";
import { ShipmentCard } from "~/features/shipping/shipment-card";
import { PaymentLines } from "~/features/payments/payment-lines";
import { SubscriptionStatusBadge } from "~/features/subscriptions/subscription-status-badge";
import { subscriberHref } from "~/features/subscriptions/links";
import { serverApi } from "~/trpc/server";
import { detailParamsOf, orNotFound, type DetailPageProps } from "../list-params";

export const metadata = { title: "Payment · Popkit" };

const bundleLabels = { basic: "Basic", premium: "Premium" } as const;

export default async function PaymentDetailPage(props: DetailPageProps) {
  const { id, query } = await detailParamsOf(props);
  const api = await serverApi();
  const payment = await orNotFound(api.merchant.payments.get({ id }));
  // WPS payments have no invoices: PayPal's own checkout is the seller's record of them.
  const invoices = await api.merchant.payments.invoices({ id: payment.id });
  const back = safeBackHref(query.back, "/dashboard/payments");
  const backLabel = back.startsWith("/dashboard/customers/subscribers/")
    ? "Back to subscriber"
    : back.startsWith("/dashboard/customers/")
      ? "Back to customer"
      : "Back to payments";
  const none = <span className="text-gray-600">—</span>;
  const money = (amountMinor: number) => <Money amountMinor={amountMinor} currency={payment.currency} />;
  const orderId = payment.paypalOrderId !== payment.paypalId ? payment.paypalOrderId : null;

  return (
    <div className="space-y-6">
      <PageHeader
        back={<BackLink href={back}>{backLabel}</BackLink>}
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
            {payment.item ?? "A deleted POP"} · <DateTime value={payment.createdAt} />
          </>
        }
        actions={
          payment.refundableMinor > 0 && (
            <RefundDialog
              payment={{
                id: payment.id,
                amountMinor: payment.amountMinor,
                refundedMinor: payment.refundedMinor,
                currency: payment.currency,
                lines: payment.lines,
                canRestock: payment.shipment?.fulfilment === "unfulfilled",
              }}
            />
          )
        }
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <DetailCard title="Payment">
            <DetailRow label="Transaction ID" isMono>
              {payment.paypalId ?? none}
            </DetailRow>
            <DetailRow label="Captured">{money(payment.amountMinor)}</DetailRow>
            {payment.discountCodeText && (
              <DetailRow label="Discount code">
                {payment.discountCodeId ? (
                  <Link href="/dashboard/discounts" className={link}>
                    {appliedDiscountLabel(payment)}
                  </Link>
                ) : (
                  <>
                    {appliedDiscountLabel(payment)}
                    <span className="text-gray-600"> (code deleted since)</span>
                  </>
                )}
              </DetailRow>
            )}
            {payment.shipment && (payment.shipment.shippingMethod || payment.shipment.shippingMinor > 0) && (
              <DetailRow label="Shipping">
                {money(payment.shipment.shippingMinor)}
                {payment.shipment.shippingMethod && (
                  <span className="text-gray-600"> ({payment.shipment.shippingMethod})</span>
                )}
              </DetailRow>
            )}
            {payment.shipment && payment.shipment.taxMinor > 0 && (
              <DetailRow label="Tax">{money(payment.shipment.taxMinor)}</DetailRow>
            )}
            {payment.vat && (
              <DetailRow label={payment.vat.label}>{payment.vat.note ?? money(payment.vat.taxMinor)}</DetailRow>
            )}
            <DetailRow label="PayPal fee">
              {payment.feeMinor === null ? "Not reported" : money(payment.feeMinor)}
            </DetailRow>
            <DetailRow label="Refunded">{payment.refundedMinor > 0 ? money(payment.refundedMinor) : none}</DetailRow>
            <DetailRow label="Net">
              <span className="font-medium">{money(payment.netMinor)}</span>
              <span className="text-gray-600"> after refunds</span>
            </DetailRow>
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
            <DetailRow label="Type">
              {payment.wps ? "WPS button" : payment.paypalSubscriptionId ? "Subscription" : "One-time"}
            </DetailRow>
            <DetailRow label="Item">{payment.item ?? none}</DetailRow>
            {payment.quantity > 1 && <DetailRow label="Quantity">{payment.quantity}</DetailRow>}
            {!payment.wps && (
              <DetailRow label="POP">
                {payment.pop ? (
                  <Link href={popEditHref(payment.pop)} className={link}>
                    {payment.pop.name}
                  </Link>
                ) : (
                  <span className="text-gray-600">Deleted</span>
                )}
              </DetailRow>
            )}
            {payment.pop?.kind === "sell_page" && (
              <DetailRow label="Bundle">{payment.bundleTier ? bundleLabels[payment.bundleTier] : "Unknown"}</DetailRow>
            )}
          </DetailCard>

          {payment.lines.length > 1 || payment.lines.some((line) => line.origin !== "item") ? (
            <DetailCard title="Items" isList>
              <PaymentLines lines={payment.lines} currency={payment.currency} />
            </DetailCard>
          ) : null}

          {payment.disputes.length > 0 && (
            <DetailCard title="Disputes" isList>
              <DisputeList disputes={payment.disputes} />
            </DetailCard>
          )}

          <DetailCard title="Refunds" isList>
            <RefundList refunds={payment.refunds} />
          </DetailCard>

          <InvoicesCard invoices={invoices} />

          {payment.licenseKeys.length > 0 && (
            <DetailCard title="License keys" isList>
              <LicenseKeyList
                keys={payment.licenseKeys}
                formatDate={(date) => <DateTime value={date} style="date" />}
                detailsHref={(keyId) => `/dashboard/license-keys/${encodeURIComponent(keyId)}`}
              />
            </DetailCard>
          )}
        </div>

        <div className="min-w-0 space-y-6">
          <BuyerCard name={payment.payerName} email={payment.payerEmail}>
            <DetailRow label="PayPal payer ID" isMono>
              {payment.payerId ?? none}
            </DetailRow>
          </BuyerCard>

          {payment.shipTo && (
            <DetailCard title="Ship to" isList>
              <address className="py-3 text-sm text-gray-900 not-italic">
                {[payment.shipTo.name, ...payment.shipTo.lines].filter(Boolean).map((line, index) => (
                  <span key={index} className="block break-words">
                    {line}
                  </span>
                ))}
              </address>
            </DetailCard>
          )}

          {payment.shipment?.fulfilment && <ShipmentCard paymentId={payment.id} shipment={payment.shipment} />}

          {(orderId || payment.paypalSubscriptionId) && (
            <DetailCard title="PayPal references">
              {orderId && (
                <DetailRow label="Order ID" isMono>
                  {orderId}
                </DetailRow>
              )}
              {payment.paypalSubscriptionId && (
                <DetailRow label="Subscription ID" isMono>
                  {payment.paypalSubscriptionId}
                </DetailRow>
              )}
            </DetailCard>
          )}

          {payment.subscription && (
            <DetailCard title="Subscription">
              <DetailRow label="Subscriber">
                <Link href={subscriberHref(payment.subscription.id)} className={`${link} break-all`}>
                  {payment.subscription.payerName ?? payment.subscription.payerEmail ?? "View subscriber"}
                </Link>
              </DetailRow>
              <DetailRow label="Status">
                <SubscriptionStatusBadge status={payment.subscription.status} />
              </DetailRow>
            </DetailCard>
          )}

          {payment.wps ? (
            <>
              <DetailCard title="WPS details">
                <DetailRow label="WPS button">
                  {payment.wps.button?.name ?? <span className="text-gray-600">Deleted</span>}
                </DetailRow>
                {payment.wps.optionSelected && <DetailRow label="Option">{payment.wps.optionSelected}</DetailRow>}
                <DetailRow label="Quantity">{payment.wps.quantity}</DetailRow>
                <DetailRow label="PayPal status">
                  {payment.wps.paymentStatus}
                  {payment.wps.statusReason && <span className="text-gray-600"> ({payment.wps.statusReason})</span>}
                </DetailRow>
                {payment.wps.paymentDate && <DetailRow label="PayPal date">{payment.wps.paymentDate}</DetailRow>}
                <DetailRow label="Recorded from">
                  {payment.wps.recordedBy === "pdt" ? "PDT return" : "IPN message"}
                </DetailRow>
              </DetailCard>
              <DetailCard title="IPN history" isList>
                {payment.wps.events.length === 0 ? (
                  <p className="py-4 text-sm text-gray-600">No IPN messages yet.</p>
                ) : (
                  <ol className="divide-y divide-gray-100">
                    {payment.wps.events.map((event) => (
                      <li key={event.id} className="flex flex-wrap justify-between gap-2 py-3 text-sm">
                        <span className="text-gray-900">{event.reason ?? "IPN recorded"}</span>
                        <span className="text-xs text-gray-600">
                          <DateTime value={event.receivedAt} />
                        </span>
                      </li>
                    ))}
                  </ol>
                )}
              </DetailCard>
            </>
          ) : (
            <DetailCard title="Event history" isList>
              <EventHistory events={payment.events} empty="No PayPal events for this payment yet." />
            </DetailCard>
          )}
        </div>
      </div>
    </div>
  );
}
