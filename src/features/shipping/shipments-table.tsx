"use client";

import { Truck } from "lucide-react";
import { columnHelperFor, DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { ListEmpty } from "~/features/payments/list-empty";
import { paymentHref } from "~/features/payments/links";
import { useCurrentHref } from "~/features/payments/use-current-href";
import { MarkDeliveredButton, MarkShippedDialog } from "~/features/shipping/mark-shipped-dialog";
import type { RouterOutputs } from "~/trpc/react";

type Shipment = RouterOutputs["merchant"]["payments"]["shipments"]["rows"][number];

const column = columnHelperFor<Shipment>();

function columnsFor(from: string): ColumnsOf<Shipment> {
  return [
    column.primary("date", "Paid", (row) => (
      <RowLink href={paymentHref(row.id, from)}>
        <DateTime value={row.createdAt} />
      </RowLink>
    )),
    column.shown("item", "Item", (row) => (
      <span className="block text-gray-900 sm:max-w-48" title={row.item}>
        {row.item}
      </span>
    )),
    column.shown("shipTo", "Ship to", (row) =>
      row.shipTo ? (
        <address className="text-sm text-gray-900 not-italic">
          {row.shipTo.name && <span className="block font-medium">{row.shipTo.name}</span>}
          {row.shipTo.lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
          {row.shippingMethod && <span className="block text-xs text-gray-600">{row.shippingMethod}</span>}
        </address>
      ) : (
        <span className="text-gray-600">—</span>
      ),
    ),
    column.shown("tracking", "Tracking", (row) =>
      row.trackingNumber ? (
        <span className="text-sm">
          <span className="block text-gray-900">{row.carrier}</span>
          {row.trackingUrl ? (
            <a
              className="text-brand-700 font-mono text-xs break-all hover:underline"
              href={row.trackingUrl}
              target="_blank"
              rel="noreferrer"
            >
              {row.trackingNumber}
            </a>
          ) : (
            <span className="font-mono text-xs break-all">{row.trackingNumber}</span>
          )}
        </span>
      ) : (
        <span className="text-gray-600">Not shipped</span>
      ),
    ),
    column.right("amount", "Amount", (row) => <Money amountMinor={row.amountMinor} currency={row.currency} />),
    column.right("actions", "Actions", (row) => (
      <div className="flex flex-wrap justify-end gap-2">
        {row.fulfilment === "unfulfilled" ? (
          <MarkShippedDialog paymentId={row.id} />
        ) : (
          <>
            {row.fulfilment === "shipped" && <MarkDeliveredButton paymentId={row.id} />}
            <MarkShippedDialog paymentId={row.id} label="Edit tracking" />
          </>
        )}
      </div>
    )),
  ] as ColumnsOf<Shipment>;
}

/** Orders that ship, a page at a time in the server's order (to ship: oldest first). */
export function ShipmentsTable({
  rows,
  page,
  caption,
  clearHref,
}: {
  rows: Shipment[];
  /** What the list holds, e.g. "Orders to ship" or "Shipped orders": the table's name for screen readers. */
  caption: string;
  page: { page: number; pageCount: number; total: number; pageSize: number };
  clearHref?: string;
}) {
  const from = useCurrentHref();
  return (
    <DataTable
      label={caption}
      caption={caption}
      columns={columnsFor(from)}
      data={rows}
      getRowId={(row) => row.id}
      page={page}
      empty={
        <ListEmpty
          icon={<Truck className="size-6" />}
          noun="orders"
          description="Paid orders of POPs marked “This ships” appear here until you mark them shipped."
          filterHint="Try another search or status."
          clearHref={clearHref}
        />
      }
    />
  );
}
