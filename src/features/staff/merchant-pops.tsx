"use client";

import { LayoutGrid } from "lucide-react";
import { useRouter } from "next/navigation";
import { useOptimistic, useTransition } from "react";
import { Badge } from "~/components/ui/badge";
import { columnHelperFor, DataTable, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { ActionMenu, type MenuAction } from "~/components/ui/dropdown-menu";
import { EmptyState } from "~/components/ui/empty-state";
import { Money } from "~/components/ui/money";
import { Pagination } from "~/components/ui/pagination";
import { Tabs } from "~/components/ui/tabs";
import { useUrlQuery } from "~/components/ui/use-url-query";
import type { MerchantPopKind } from "~/schemas/staff";
import type { RouterOutputs } from "~/trpc/react";
import { popKindLabels, transactionsHref } from "./links";

type Pop = RouterOutputs["admin"]["merchants"]["listPops"]["pops"][number];
type Row = Pop & { kind: MerchantPopKind; isSuspended: boolean };

const publicPaths: Partial<Record<MerchantPopKind, string>> = {
  payment_buttons: "/checkout/",
  sell_pages: "/digital-sell/",
};

/**
 * What buyers get. A suspension stops the merchant's payment buttons and sell pages (their checkout refuses to
 * take payments); WPS buttons post straight to PayPal and are shown with their own switch.
 */
function PopStatus({ row }: { row: Row }) {
  if (row.isSuspended && row.kind !== "wps_buttons") return <Badge tone="red">Suspended</Badge>;
  return <Badge tone={row.isActive ? "green" : "gray"}>{row.isActive ? "Active" : "Inactive"}</Badge>;
}

function actionsOf(row: Row): MenuAction[] {
  const actions: MenuAction[] = [{ label: `Payments of '${row.name}'`, href: transactionsHref({ pop: row.id }) }];
  const path = publicPaths[row.kind];
  if (path) actions.push({ label: `Open '${row.name}' in a new tab`, href: `${path}${row.id}`, newTab: true });
  return actions;
}

const column = columnHelperFor<Row>();

function buildColumns(kind: MerchantPopKind) {
  return [
    column.primary("name", "Name", (row) => (
      <div className="min-w-0 sm:max-w-72">
        <div className="truncate font-medium text-gray-900">{row.name}</div>
        <div className="font-mono text-xs break-all text-gray-600">{row.id}</div>
      </div>
    )),
    column.shown("detail", kind === "wps_buttons" ? "Environment" : "Type", (row) => row.detail),
    column.right("price", kind === "sell_pages" ? "Basic price" : "Price", (row) =>
      row.price ? <Money amountMinor={row.price.amountMinor} currency={row.price.currency} /> : "—",
    ),
    column.shown("status", "Status", (row) => <PopStatus row={row} />),
    column.shown("created", "Created", (row) => <DateTime value={row.createdAt} style="date" />),
    column.right("actions", "Actions", (row) => (
      <ActionMenu label={`Actions for '${row.name}'`} actions={actionsOf(row)} />
    )),
  ] as unknown as ColumnsOf<Row>;
}

// Built once: new cell functions on every render would remount the cells (and drop focus from their menus).
const columnsByKind: Record<MerchantPopKind, ColumnsOf<Row>> = {
  payment_buttons: buildColumns("payment_buttons"),
  sell_pages: buildColumns("sell_pages"),
  wps_buttons: buildColumns("wps_buttons"),
};

/**
 * The merchant's POPs, one kind per tab. The selected tab and its page are in the URL (`tab`, `pops`), so the
 * server loads only that list; the payments table below keeps its own `page`.
 */
export function MerchantPops({
  kind,
  counts,
  pops,
  page,
  pageCount,
  isSuspended,
}: {
  kind: MerchantPopKind;
  counts: Record<MerchantPopKind, number>;
  pops: Pop[];
  page: number;
  pageCount: number;
  isSuspended: boolean;
}) {
  const router = useRouter();
  const query = useUrlQuery();
  const [isPending, startTransition] = useTransition();
  // The tab the reader chose shows at once, with a loading table until its rows arrive.
  const [shownKind, setShownKind] = useOptimistic(kind);
  const keepPaymentsPage = { page: query.get("page") };
  const rows: Row[] = pops.map((pop) => ({ ...pop, kind, isSuspended }));
  const isLoading = isPending && shownKind !== kind;

  const panel = (
    <div className="space-y-3">
      <DataTable
        label={popKindLabels[shownKind]}
        caption={popKindLabels[shownKind]}
        columns={columnsByKind[shownKind]}
        data={isLoading ? [] : rows}
        getRowId={(row) => row.id}
        isLoading={isLoading}
        empty={
          <EmptyState
            icon={<LayoutGrid className="size-6" />}
            title={`No ${popKindLabels[shownKind].toLowerCase()} yet`}
          />
        }
      />
      {!isLoading && (
        <Pagination
          page={page}
          pageCount={pageCount}
          hrefFor={(next) => query.hrefWith({ ...keepPaymentsPage, pops: next > 1 ? next : null })}
        />
      )}
    </div>
  );

  return (
    <section aria-labelledby="merchant-pops-title" className="space-y-2">
      <h2 id="merchant-pops-title" className="text-lg font-semibold text-gray-900">
        Points of purchase
      </h2>
      <Tabs
        label="POP types"
        value={shownKind}
        onChange={(next) =>
          startTransition(() => {
            setShownKind(next);
            router.push(query.hrefWith({ ...keepPaymentsPage, tab: next, pops: null }), { scroll: false });
          })
        }
        tabs={(Object.keys(popKindLabels) as MerchantPopKind[]).map((value) => ({
          value,
          label: `${popKindLabels[value]} (${counts[value]})`,
          panel,
        }))}
      />
    </section>
  );
}
