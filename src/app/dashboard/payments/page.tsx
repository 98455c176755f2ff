import Link from "next/link";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { Card } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { formatMoney } from "~/lib/money";
import { enumParam, pageParam } from "~/lib/search-params";
import { cn } from "~/lib/cn";
import { transactionStatuses } from "~/schemas/merchant-payments";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Payments · Popkit" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function PaymentsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const status = enumParam(params.status, transactionStatuses);
  const page = pageParam(params.page);
  const api = await serverApi();
  const result = await api.merchant.listPayments({ status, page });
  const hrefFor = (next: { status?: string; page?: number }) => {
    const query = new URLSearchParams();
    if (next.status) query.set("status", next.status);
    if (next.page && next.page > 1) query.set("page", String(next.page));
    const text = query.toString();
    return text ? `/dashboard/payments?${text}` : "/dashboard/payments";
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Payments</h1>
        <p className="text-sm text-gray-600">Every payment your buttons and pages have taken, as PayPal reported it.</p>
      </div>
      <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
        {[undefined, ...transactionStatuses].map((option) => (
          <Link
            key={option ?? "all"}
            href={hrefFor({ status: option })}
            aria-current={option === status ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 text-sm",
              option === status
                ? "border-brand-600 bg-brand-50 text-brand-700"
                : "border-gray-300 text-gray-700 hover:bg-gray-50",
            )}
          >
            {option ? option.charAt(0).toUpperCase() + option.slice(1) : "All"}
          </Link>
        ))}
      </nav>
      <Card className="overflow-x-auto">
        {result.payments.length === 0 ? (
          <p className="p-8 text-center text-gray-600">
            {status ? `No ${status} payments yet.` : "No payments yet. They appear here as soon as a buyer pays."}
          </p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-500 uppercase">
              <tr>
                <th className="px-4 py-3">Date</th>
                <th className="px-4 py-3">POP</th>
                <th className="px-4 py-3">Buyer</th>
                <th className="px-4 py-3">Transaction ID</th>
                <th className="px-4 py-3 text-right">Amount</th>
                <th className="px-4 py-3">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {result.payments.map((payment) => (
                <tr key={payment.id}>
                  <td className="px-4 py-3 whitespace-nowrap text-gray-600">
                    {payment.createdAt.toLocaleString("en-US")}
                  </td>
                  <td className="px-4 py-3">{payment.popName ?? <span className="text-gray-400">Deleted</span>}</td>
                  <td className="px-4 py-3">
                    <div>{payment.payerName ?? "—"}</div>
                    <div className="text-xs text-gray-500">{payment.payerEmail}</div>
                  </td>
                  <td className="px-4 py-3 font-mono text-xs">{payment.paypalOrderId}</td>
                  <td className="px-4 py-3 text-right font-medium whitespace-nowrap">
                    {formatMoney(payment.amountMinor, payment.currency)}
                  </td>
                  <td className="px-4 py-3">
                    <TransactionStatusBadge status={payment.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Pagination page={page} pageCount={result.pageCount} hrefFor={(next) => hrefFor({ status, page: next })} />
    </div>
  );
}
