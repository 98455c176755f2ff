"use client";

import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnMeta,
  type RowData,
  type SortingState,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type MouseEvent, type ReactNode } from "react";
import { RetryAlert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { useUrlQuery } from "~/components/ui/use-url-query";
import { cn } from "~/lib/cn";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-align figures (amounts, counts). */
    align?: "right";
    /** The column's name as the stacked phone layout prints it before each value (defaults to the header). */
    label?: string;
    /** Phone layout: the row's title line, printed without a label. */
    isPrimary?: boolean;
  }
}

export type ColumnsOf<Row> = ColumnDef<Row, never>[];

type Sort = { id: string; desc: boolean };

/**
 * TanStack's column helper, plus columns that only show the row: `shown`, `primary` (the row's title, unlabelled on a
 * phone) and `right` (right-aligned: figures, actions). They offer no sort, as TanStack sorts accessor columns only;
 * most lists are paged in the server's order. Their cells get the row itself.
 */
export function columnHelperFor<Row>() {
  const helper = createColumnHelper<Row>();
  const showing =
    (meta?: ColumnMeta<Row, never>) =>
    (id: string, header: string, cell: (row: Row) => ReactNode): ColumnDef<Row, never> =>
      helper.display({ id, header, meta, cell: ({ row }) => cell(row.original) });
  return { ...helper, shown: showing(), primary: showing({ isPrimary: true }), right: showing({ align: "right" }) };
}

/**
 * The one table. Desktop: a table in a scroll area a keyboard can reach. Below 640 px: each row becomes a card of
 * "label value" lines, so nothing sits off-screen in a sideways scroll.
 *
 * Sorting and paging are either in the URL (`serverSort`, `page`: the server already sorted and cut the rows, and a
 * header click changes `sort`/`dir`) or, for short lists, in the browser.
 */
export function DataTable<Row>({
  label,
  columns,
  data,
  getRowId,
  rowHref,
  serverSort,
  page,
  isLoading = false,
  error,
  onRetry,
  empty,
  caption,
}: {
  /** The table's accessible name, e.g. "Payments". */
  label: string;
  columns: ColumnsOf<Row>;
  data: Row[];
  getRowId(row: Row): string;
  /**
   * A row that opens a detail view: the primary cell links there and a click anywhere on the row follows it.
   * Undefined for a row that opens nothing.
   */
  rowHref?(row: Row): string | undefined;
  /** The sort the server applied; headers of sortable columns then change the URL. */
  serverSort?: Sort;
  page?: { page: number; pageCount: number; total?: number; pageSize?: number };
  isLoading?: boolean;
  error?: string | null;
  onRetry?(): void;
  empty: ReactNode;
  caption?: ReactNode;
}) {
  const router = useRouter();
  const query = useUrlQuery();
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const isServerSorted = serverSort !== undefined;

  // eslint-disable-next-line react-hooks/incompatible-library -- the table object is only read during this render
  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    ...(isServerSorted
      ? { manualSorting: true, state: { sorting: [serverSort] } }
      : { getSortedRowModel: getSortedRowModel(), state: { sorting: localSorting }, onSortingChange: setLocalSorting }),
  });

  if (error) return <RetryAlert onRetry={onRetry ?? (() => router.refresh())}>{error}</RetryAlert>;

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const labelOf = (columnId: string) => {
    const column = table.getColumn(columnId);
    const header = column?.columnDef.header;
    return column?.columnDef.meta?.label ?? (typeof header === "string" ? header : columnId);
  };

  function sortControl(columnId: string, text: string) {
    const column = table.getColumn(columnId);
    if (!column?.getCanSort()) return text;
    const direction = column.getIsSorted();
    const Icon = direction === "asc" ? ArrowUp : direction === "desc" ? ArrowDown : ArrowUpDown;
    const content = (
      <>
        {text}
        <Icon aria-hidden className="size-3.5" />
      </>
    );
    const classes =
      "inline-flex items-center gap-1 rounded uppercase hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-gray-500";
    if (isServerSorted) {
      // First click sorts descending (newest, largest first), the next flips it.
      const nextDesc = direction === "desc" ? false : true;
      return (
        <Link
          href={query.hrefWith({ sort: columnId, dir: nextDesc ? "desc" : "asc" })}
          scroll={false}
          className={classes}
        >
          {content}
        </Link>
      );
    }
    return (
      <button type="button" onClick={column.getToggleSortingHandler()} className={classes}>
        {content}
      </button>
    );
  }

  function onRowClick(event: MouseEvent<HTMLTableRowElement>, href: string | undefined) {
    if (!href) return;
    // Let links, buttons and selected text behave as themselves.
    if ((event.target as HTMLElement).closest("a,button,input,select,textarea,[role=switch]")) return;
    if (window.getSelection()?.toString()) return;
    router.push(href);
  }

  const rows = table.getRowModel().rows;

  return (
    <div className="space-y-3">
      <Card>
        <div
          role="region"
          aria-label={label}
          tabIndex={0}
          className="focus-visible:outline-brand-600 overflow-x-auto rounded-xl focus-visible:outline-2"
        >
          <table className="w-full text-left text-sm">
            {caption && <caption className="sr-only">{caption}</caption>}
            <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-600 uppercase max-sm:sr-only">
              <tr>
                {headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                      className={cn(
                        "px-4 py-3 font-medium whitespace-nowrap",
                        header.column.columnDef.meta?.align === "right" && "text-right",
                      )}
                    >
                      {header.isPlaceholder ? null : sortControl(header.column.id, labelOf(header.column.id))}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 max-sm:block">
              {isLoading ? (
                <tr className="max-sm:block">
                  <td colSpan={headers.length} className="max-sm:block">
                    <div role="status" className="space-y-3 p-4">
                      <span className="sr-only">Loading…</span>
                      {[0, 1, 2].map((index) => (
                        <div key={index} aria-hidden className="h-5 animate-pulse rounded bg-gray-100" />
                      ))}
                    </div>
                  </td>
                </tr>
              ) : rows.length === 0 ? (
                <tr className="max-sm:block">
                  <td colSpan={headers.length} className="max-sm:block">
                    {empty}
                  </td>
                </tr>
              ) : (
                rows.map((row) => {
                  const href = rowHref?.(row.original);
                  return (
                    <tr
                      key={row.id}
                      onClick={(event) => onRowClick(event, href)}
                      className={cn("max-sm:block max-sm:px-4 max-sm:py-3", href && "cursor-pointer hover:bg-gray-50")}
                    >
                      {row.getVisibleCells().map((cell) => {
                        const meta = cell.column.columnDef.meta;
                        return (
                          <td
                            key={cell.id}
                            className={cn(
                              "px-4 py-3 align-top sm:whitespace-nowrap",
                              "max-sm:flex max-sm:justify-between max-sm:gap-4 max-sm:px-0 max-sm:py-1 max-sm:text-right",
                              meta?.align === "right" && "sm:text-right",
                              meta?.isPrimary && "max-sm:text-left max-sm:font-medium",
                            )}
                          >
                            {!meta?.isPrimary && (
                              <span aria-hidden className="text-left text-gray-600 sm:hidden">
                                {labelOf(cell.column.id)}
                              </span>
                            )}
                            <span className="min-w-0 break-words">
                              {flexRender(cell.column.columnDef.cell, cell.getContext())}
                            </span>
                          </td>
                        );
                      })}
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      </Card>
      {page && (
        <Pagination
          page={page.page}
          pageCount={page.pageCount}
          total={page.total}
          pageSize={page.pageSize}
          hrefFor={(next) => query.hrefWith({ page: next > 1 ? next : null })}
        />
      )}
    </div>
  );
}

/**
 * The cell that opens a row's detail: a real link, so keyboards and "open in new tab" work. `label` names it for
 * screen readers when its text alone does not (a masked key).
 */
export function RowLink({ href, label, children }: { href: string; label?: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      aria-label={label}
      className="text-brand-700 focus-visible:outline-brand-600 font-medium hover:underline focus-visible:outline-2"
    >
      {children}
    </Link>
  );
}
