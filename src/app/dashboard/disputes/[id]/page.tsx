import Link from "next/link";
import { Badge } from "~/components/ui/badge";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { PageHeader } from "~/components/ui/page-header";
import {
  AcceptClaimButton,
  DisputeMessageForm,
  EvidenceForm,
  PauseAccessSwitch,
} from "~/features/disputes/dispute-actions";
import { DisputeStatus } from "~/features/disputes/disputes-table";
import { BackLink } from "~/features/payments/back-link";
import { DetailCard, DetailRow, detailLinkClasses as link } from "~/features/payments/detail-card";
import { paymentHref } from "~/features/payments/links";
import { formatMoney } from "~/lib/money";
import { daysUntil, deadlineText, disputeReasonLabels, disputeStageLabels, labelOf } from "~/schemas/disputes";
import { serverApi } from "~/trpc/server";
import { detailParamsOf, orNotFound, type DetailPageProps } from "../../payments/list-params";

export const metadata = { title: "Dispute · Popkit" };

const answerLabels: Record<string, string> = {
  evidence: "You sent evidence",
  accepted: "You accepted the claim",
};

export default async function DisputeDetailPage(props: DetailPageProps) {
  const { id } = await detailParamsOf(props);
  const api = await serverApi();
  const dispute = await orNotFound(api.merchant.disputes.get({ id }));
  const evidence = await api.merchant.disputes.evidence({ id: dispute.id });
  const isOpen = dispute.status !== "RESOLVED";
  const daysLeft = dispute.sellerResponseDueAt ? daysUntil(dispute.sellerResponseDueAt, new Date()) : null;
  const canAnswer = dispute.status === "WAITING_FOR_SELLER_RESPONSE" && (daysLeft === null || daysLeft >= 0);
  const amount = formatMoney(dispute.amountMinor, dispute.currency);
  const payment = dispute.transaction;

  return (
    <div className="space-y-6">
      <PageHeader
        back={<BackLink href="/dashboard/disputes">Back to disputes</BackLink>}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span>
              {labelOf(disputeReasonLabels, dispute.reason)}: {amount}
            </span>
            <DisputeStatus status={dispute.status} outcome={dispute.outcome} />
          </span>
        }
        description={
          <>
            PayPal case <span className="font-mono">{dispute.paypalDisputeId}</span>, opened{" "}
            <DateTime value={dispute.openedAt} />
          </>
        }
      />
      {dispute.status === "WAITING_FOR_SELLER_RESPONSE" && daysLeft !== null && (
        <p role="status" className={daysLeft <= 3 ? "font-semibold text-red-700" : "text-gray-900"}>
          {daysLeft < 0
            ? "The deadline has passed: PayPal decides this case without your answer."
            : `${deadlineText(daysLeft)} to answer. PayPal decides against a seller who does not answer in time.`}
        </p>
      )}

      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title="Case">
          <DetailRow label="Reason">{labelOf(disputeReasonLabels, dispute.reason)}</DetailRow>
          <DetailRow label="Stage">
            <Badge tone="blue">{labelOf(disputeStageLabels, dispute.stage)}</Badge>
          </DetailRow>
          <DetailRow label="Disputed">
            <Money amountMinor={dispute.amountMinor} currency={dispute.currency} />
          </DetailRow>
          <DetailRow label="Answer by">
            {dispute.sellerResponseDueAt && isOpen ? <DateTime value={dispute.sellerResponseDueAt} /> : "—"}
          </DetailRow>
          <DetailRow label="Your answer">
            {dispute.answer ? (
              <>
                {answerLabels[dispute.answer] ?? dispute.answer}
                {dispute.answeredAt && (
                  <>
                    , <DateTime value={dispute.answeredAt} />
                  </>
                )}
              </>
            ) : (
              "None yet"
            )}
          </DetailRow>
          <DetailRow label="Payment">
            {payment ? (
              <Link href={paymentHref(payment.id, `/dashboard/disputes/${dispute.id}`)} className={link}>
                {formatMoney(payment.amountMinor, payment.currency)} from{" "}
                {payment.payerName ?? payment.payerEmail ?? "a buyer"}
              </Link>
            ) : (
              <span className="text-gray-600">
                Not recorded in Popkit (PayPal transaction {dispute.paypalTransactionId ?? "unknown"})
              </span>
            )}
          </DetailRow>
        </DetailCard>

        <DetailCard title="Messages" isList>
          {dispute.messages.length === 0 ? (
            <p className="py-4 text-sm text-gray-600">No messages.</p>
          ) : (
            <ul className="divide-y divide-gray-100">
              {dispute.messages.map((message, index) => (
                <li key={index} className="space-y-1 py-3 text-sm">
                  <p className="text-xs text-gray-600">
                    {message.postedBy === "SELLER" ? "You" : "The buyer"}
                    {message.at && (
                      <>
                        , <DateTime value={new Date(message.at)} />
                      </>
                    )}
                  </p>
                  <p className="whitespace-pre-wrap text-gray-900">{message.content}</p>
                </li>
              ))}
            </ul>
          )}
          {isOpen && dispute.stage === "INQUIRY" && (
            <div className="border-t border-gray-100 py-4">
              <DisputeMessageForm disputeId={dispute.id} />
            </div>
          )}
        </DetailCard>
      </div>

      {isOpen && payment && (
        <DetailCard title="Protect" isList>
          <PauseAccessSwitch disputeId={dispute.id} paused={dispute.accessPaused} />
        </DetailCard>
      )}

      <DetailCard title={canAnswer ? "Proposed evidence" : "Evidence from your records"} isList>
        <div className="space-y-5 py-4">
          <p className="text-sm text-gray-700">
            Put together from what Popkit recorded about this payment and this buyer only.
            {canAnswer && " Review it, add your note and files, and send it to PayPal."}
          </p>
          {evidence.sections.map((section) => (
            <section key={section.title} aria-label={section.title} className="space-y-2">
              <h3 className="text-sm font-semibold text-gray-900">{section.title}</h3>
              {section.rows.length === 0 ? (
                <p className="text-sm text-gray-600">{section.empty}</p>
              ) : (
                <dl className="divide-y divide-gray-100 text-sm">
                  {section.rows.map(([label, value], index) => (
                    <div key={index} className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-[12rem_1fr] sm:gap-4">
                      <dt className="text-gray-600">{label}</dt>
                      <dd className="min-w-0 break-words whitespace-pre-wrap text-gray-900">{value}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>
          ))}
          {canAnswer && (
            <div className="border-t border-gray-100 pt-5">
              <EvidenceForm disputeId={dispute.id} />
            </div>
          )}
        </div>
      </DetailCard>

      {isOpen && (
        <DetailCard title="Accept the claim" isList>
          <div className="flex flex-wrap items-center justify-between gap-3 py-4 text-sm text-gray-700">
            <p>PayPal refunds the buyer {amount} and closes the case.</p>
            <AcceptClaimButton disputeId={dispute.id} amount={amount} />
          </div>
        </DetailCard>
      )}
    </div>
  );
}
