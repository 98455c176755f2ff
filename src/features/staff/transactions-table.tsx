import Link from "next/link";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { formatMoney } from "~/lib/money";
import type { RouterOutputs } from "~/trpc/react";
import { formatDateTime } from "./format";

type AdminTransaction = RouterOutputs["admin"]["listTransactions"]["transactions"][number];

const popKindLabels = { payment_button: "Payment button", sell_page: "Digital sell page", wps_button: "WPS button" };
const th = "px-4 py-3";
const td = "px-4 py-3";

/**
 * Transactions across merchants. `compact` is the overview's Recent Transactions (SPEC 2.19: id, amount with
 * currency, status, date); the full table adds merchant, POP and payer.
 */
export function TransactionsTable({
  transactions,
  compact = false,
  caption,
}: {
  transactions: AdminTransaction[];
  compact?: boolean;
  caption: string;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-500 uppercase">
        <tr>
          <th scope="col" className={th}>
            Transaction ID
          </th>
          {!compact && (
            <>
              <th scope="col" className={th}>
                Merchant
              </th>
              <th scope="col" className={th}>
                POP
              </th>
              <th scope="col" className={th}>
                Payer
              </th>
            </>
          )}
          <th scope="col" className={`${th} text-right`}>
            Amount
          </th>
          <th scope="col" className={th}>
            Status
          </th>
          <th scope="col" className={th}>
            Date
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {transactions.map((row) => (
          <tr key={row.id}>
            <td className={td}>
              <div className="font-mono text-xs text-gray-900">{row.reference}</div>
              <div className="text-xs text-gray-500">{row.source === "wps" ? "WPS" : "Payment"}</div>
            </td>
            {!compact && (
              <>
                <td className={td}>
                  <Link
                    href={`/saas-admin/merchants/${row.merchant.id}`}
                    className="text-brand-700 font-medium hover:underline"
                  >
                    {row.merchant.name}
                  </Link>
                  <div className="text-xs text-gray-500">{row.merchant.email}</div>
                </td>
                <td className={td}>
                  {row.pop ? (
                    <>
                      <div>{row.pop.name ?? "—"}</div>
                      <div className="text-xs text-gray-500">{row.pop.kind ? popKindLabels[row.pop.kind] : ""}</div>
                    </>
                  ) : (
                    <span className="text-gray-400">Deleted</span>
                  )}
                </td>
                <td className={td}>
                  <div>{row.payerName ?? "—"}</div>
                  <div className="text-xs text-gray-500">{row.payerEmail}</div>
                </td>
              </>
            )}
            <td className={`${td} text-right font-medium whitespace-nowrap`}>
              {formatMoney(row.amountMinor, row.currency)}
            </td>
            <td className={td}>
              <TransactionStatusBadge status={row.status} />
            </td>
            <td className={`${td} whitespace-nowrap text-gray-600`}>{formatDateTime(row.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
