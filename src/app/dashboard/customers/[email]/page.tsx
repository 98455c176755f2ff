import { PageHeader } from "~/components/ui/page-header";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { StatTile } from "~/components/ui/stat-tile";
import { BackLink } from "~/features/payments/back-link";
import { safeBackHref } from "~/features/payments/links";
import { BuyerPaymentsSection } from "~/features/payments/payments-table";
import { formatMoney } from "~/lib/money";
import { pageParam, sortParams, sortInput, listPage } from "~/lib/search-params";
import { paymentSorts } from "~/schemas/payments";
import { serverApi } from "~/trpc/server";
import { decodeParam, orNotFound, type SearchParams } from "../../payments/list-params";

export const metadata = { title: "Customer · Popkit" };

export default async function CustomerDetailPage({
  params,
  searchParams,
}: {
  params: Promise<{ email: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ email: rawEmail }, query] = await Promise.all([params, searchParams]);
  const email = decodeParam(rawEmail);
  const sort = sortParams(query, paymentSorts, { id: "date", desc: true });
  const page = pageParam(query.page);
  const api = await serverApi();
  const [customer, payments] = await Promise.all([
    orNotFound(api.merchant.customers.get({ email })),
    api.merchant.payments.list({ email, ...sortInput(sort), page }),
  ]);
  const back = safeBackHref(query.back, "/dashboard/customers");
  const refunded = customer.totals
    .filter((total) => total.refundedMinor > 0)
    .map((total) => formatMoney(total.refundedMinor, total.currency))
    .join(" + ");

  return (
    <div className="space-y-6">
      <PageHeader
        back={<BackLink href={back}>Back to customers</BackLink>}
        title={<span className="break-all">{customer.name ?? customer.email}</span>}
        description={customer.name ? <span className="break-all">{customer.email}</span> : undefined}
      />

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatTile
          label="Lifetime value"
          value={
            customer.totals.length === 0 ? (
              "—"
            ) : (
              <span className="flex flex-col text-lg sm:text-2xl">
                {customer.totals.map((total) => (
                  <Money key={total.currency} amountMinor={total.spentMinor} currency={total.currency} />
                ))}
              </span>
            )
          }
          hint={refunded.length > 0 ? <>Net of {refunded} refunded</> : "Net of refunds"}
        />
        <StatTile
          label="Orders"
          value={<span className="text-lg sm:text-2xl">{customer.orderCount.toLocaleString("en-US")}</span>}
          hint="Completed or refunded"
        />
        <StatTile label="First payment" value={<DayValue date={customer.firstPaymentAt} />} />
        <StatTile label="Last payment" value={<DayValue date={customer.lastPaymentAt} />} />
      </div>

      <BuyerPaymentsSection
        titleId="customer-payments"
        label={`Payments by ${customer.name ?? customer.email}`}
        payments={payments.payments}
        sort={sort}
        page={listPage(page, payments)}
      />
    </div>
  );
}

/** A tile's date: smaller on phones, where two tiles share a row, so "Nov 24, 2026" stays on one line. */
function DayValue({ date }: { date: Date | null }) {
  if (!date) return "—";
  return (
    <span className="text-base sm:text-2xl">
      <DateTime value={date} style="date" />
    </span>
  );
}
