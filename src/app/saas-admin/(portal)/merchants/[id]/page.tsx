import { TRPCError } from "@trpc/server";
import { ArrowLeft, CreditCard, LayoutGrid, ReceiptText } from "lucide-react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Alert } from "~/components/ui/alert";
import { buttonClasses } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { PageHeader } from "~/components/ui/page-header";
import { CountTile, RevenueTile } from "~/features/staff/stat-tiles";
import { transactionsHref } from "~/features/staff/links";
import { MerchantPlanPanel } from "~/features/staff/merchant-plan";
import { MerchantPops } from "~/features/staff/merchant-pops";
import { MerchantStateBadge } from "~/features/staff/merchant-state";
import { MerchantSuspensionControl } from "~/features/staff/merchant-suspension";
import { StaffTransactionsTable } from "~/features/staff/transactions-table";
import { enumParam, pageParam } from "~/lib/search-params";
import { disputeReasonLabels, disputeStatusLabels, labelOf } from "~/schemas/disputes";
import { merchantPopKinds, type MerchantPopKind } from "~/schemas/staff";
import { TRANSACTIONS_PAGE_SIZE } from "~/server/staff/transactions";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Merchant · Popkit Admin" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

function plural(count: number, noun: string): string {
  return `${count.toLocaleString("en-US")} ${noun}${count === 1 ? "" : "s"}`;
}

function notFoundOnMissing(error: unknown): never {
  if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
  throw error;
}

/**
 * One merchant: who it is, whether buyers can pay it (Suspend / Resume for super_admin and admin), its plan and this
 * month's usage (a plan change for super_admin and admin), its POPs by kind (`tab`, paged by `pops`) and its
 * payments (paged by `page`).
 */
export default async function StaffMerchantPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const kind: MerchantPopKind = enumParam(query.tab, merchantPopKinds) ?? "payment_buttons";
  const popPage = pageParam(query.pops);
  const page = pageParam(query.page);
  const api = await serverApi();
  const [detail, summary, plan] = await Promise.all([
    api.admin.merchants.detail({ id, page }),
    api.admin.merchants.get({ id }),
    api.admin.plans.forMerchant({ id }),
  ]).catch(notFoundOnMissing);
  // merchantDetail carries the first page of payment buttons and sell pages; other pages and WPS are read apart.
  const preloaded = { payment_buttons: detail.pops.paymentButtons, sell_pages: detail.pops.sellPages };
  const pops =
    kind !== "wps_buttons" && popPage === 1
      ? preloaded[kind]
      : await api.admin.merchants.listPops({ merchantId: id, kind, page: popPage }).catch(notFoundOnMissing);
  const { merchant, payments } = detail;
  const counts: Record<MerchantPopKind, number> = {
    payment_buttons: summary.popCounts.paymentButtons,
    sell_pages: summary.popCounts.sellPages,
    wps_buttons: summary.popCounts.wpsButtons,
  };

  const popTotal = counts.payment_buttons + counts.sell_pages + counts.wps_buttons;
  const popSummary = [
    plural(counts.payment_buttons, "payment button"),
    plural(counts.sell_pages, "sell page"),
    plural(counts.wps_buttons, "WPS button"),
  ].join(" · ");

  return (
    <div className="space-y-6">
      <PageHeader
        back={
          <Link
            href="/saas-admin/merchants"
            className="inline-flex items-center gap-1 rounded text-sm text-gray-600 hover:text-gray-900 hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Back to Merchants
          </Link>
        }
        title={<span className="break-words">{merchant.name}</span>}
        description={
          <>
            <span className="mb-2 flex flex-wrap items-center gap-x-2 gap-y-1">
              <MerchantStateBadge suspendedAt={merchant.suspendedAt} />
              {merchant.suspendedAt ? (
                <span>
                  since <DateTime value={merchant.suspendedAt} />
                  {merchant.suspendedBy && ` by @${merchant.suspendedBy.username}`}
                </span>
              ) : (
                <span>Buyers can pay</span>
              )}
            </span>
            <span className="block break-all">{merchant.email}</span>
            <span className="block">
              Company: {merchant.companyName || "N/A"} · Joined <DateTime value={merchant.createdAt} style="date" />
            </span>
            <span className="block">
              {summary.apiKeys.live === 0 ? (
                "No REST API keys"
              ) : (
                <>
                  {plural(summary.apiKeys.live, "REST API key")} ·{" "}
                  {summary.apiKeys.lastUsedAt ? (
                    <>
                      last used <DateTime value={summary.apiKeys.lastUsedAt} />
                    </>
                  ) : (
                    "never used"
                  )}
                </>
              )}
            </span>
          </>
        }
        actions={
          <>
            <Link href={transactionsHref({ merchant: merchant.id })} className={buttonClasses("secondary")}>
              <ReceiptText aria-hidden className="size-4" />
              View transactions
            </Link>
            {detail.canSuspend && <MerchantSuspensionControl merchant={merchant} />}
          </>
        }
      />

      {merchant.suspendedAt && (
        <Alert tone="warning">
          Buyers cannot pay on this merchant&apos;s payment buttons and sell pages; they read &quot;This seller is not
          accepting payments right now.&quot; Nothing is deleted.
          {!detail.canSuspend && " Only an admin or super admin can resume it."}
        </Alert>
      )}

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <CountTile label="POPs" count={popTotal} hint={popSummary} icon={LayoutGrid} />
        <CountTile label="Transactions" count={summary.transactionCount} icon={CreditCard} />
        <RevenueTile label="Revenue" revenueByCurrency={summary.revenueByCurrency} className="max-sm:col-span-2" />
      </div>

      <MerchantPlanPanel merchant={merchant} data={plan} />

      <MerchantPops
        kind={kind}
        counts={counts}
        pops={pops.pops}
        page={popPage}
        pageCount={pops.pageCount}
        isSuspended={merchant.isSuspended}
      />

      {summary.unmatchedDisputes.length > 0 && (
        <section aria-labelledby="merchant-disputes-title" className="space-y-3">
          <h2 id="merchant-disputes-title" className="text-lg font-semibold text-gray-900">
            PayPal cases for payments Popkit did not record
          </h2>
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white text-sm">
            {summary.unmatchedDisputes.map((dispute) => (
              <li key={dispute.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <span>
                  <span className="font-mono">{dispute.paypalDisputeId}</span> ·{" "}
                  {labelOf(disputeReasonLabels, dispute.reason)} · {labelOf(disputeStatusLabels, dispute.status)}
                  <span className="block text-xs text-gray-600">
                    PayPal transaction {dispute.paypalTransactionId ?? "unknown"}, opened{" "}
                    <DateTime value={dispute.openedAt} />
                  </span>
                </span>
                <Money amountMinor={dispute.amountMinor} currency={dispute.currency} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="merchant-payments-title" className="space-y-3">
        <h2 id="merchant-payments-title" className="text-lg font-semibold text-gray-900">
          Payments
        </h2>
        <StaffTransactionsTable
          label={`Payments of ${merchant.name}`}
          variant="merchant"
          transactions={payments.transactions}
          page={{ page, pageCount: payments.pageCount, total: payments.total, pageSize: TRANSACTIONS_PAGE_SIZE }}
          emptyDescription="Payments on this merchant's POPs appear here."
        />
      </section>
    </div>
  );
}
