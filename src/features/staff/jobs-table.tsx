"use client";

import { CircleCheckBig } from "lucide-react";
import { DataTable, type ColumnsOf } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";

/**
 * One list of the Background Jobs page, in the order the server keeps it (no column sorts), with the Retry column
 * only for staff who may retry (the server checks again).
 */
export function JobsTable<Row extends { id: string }>({
  label,
  rows,
  columns,
  retryColumn,
  canRetry,
  empty,
}: {
  label: string;
  rows: Row[];
  /** Module constants: new cell functions on every render would remount the cells (and close an open dialog). */
  columns: ColumnsOf<Row>;
  retryColumn: ColumnsOf<Row>[number];
  canRetry: boolean;
  empty: { title: string; description: string };
}) {
  return (
    <DataTable
      label={label}
      caption={label}
      columns={canRetry ? [...columns, retryColumn] : columns}
      data={rows}
      getRowId={(row) => row.id}
      empty={
        <EmptyState icon={<CircleCheckBig className="size-6" />} title={empty.title} description={empty.description} />
      }
    />
  );
}
