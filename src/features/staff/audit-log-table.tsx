"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { ScrollText } from "lucide-react";
import { DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import type { RouterOutputs } from "~/trpc/react";
import { auditActionLabel, describeAuditDetails } from "./audit-details";
import { merchantHref, type ServerPage } from "./links";

type AuditEntry = RouterOutputs["admin"]["audit"]["list"]["entries"][number];

const column = createColumnHelper<AuditEntry>();

/** Entries about a merchant open that merchant. */
function hrefOf(entry: AuditEntry): string | undefined {
  return entry.targetType === "merchant" && entry.targetId ? merchantHref(entry.targetId) : undefined;
}

// Newest first, paged by the server; it cannot sort the log otherwise.
const columns = [
  column.display({
    id: "action",
    header: "Action",
    enableSorting: false,
    meta: { isPrimary: true },
    cell: ({ row }) => <span className="font-medium text-gray-900">{auditActionLabel(row.original.action)}</span>,
  }),
  column.display({
    id: "details",
    header: "Details",
    enableSorting: false,
    cell: ({ row }) => {
      const text = describeAuditDetails(row.original.details);
      const href = hrefOf(row.original);
      return (
        <span className="text-gray-700 sm:whitespace-normal">
          {href ? <RowLink href={href}>{text}</RowLink> : text}
        </span>
      );
    },
  }),
  column.display({
    id: "actor",
    header: "Who",
    enableSorting: false,
    cell: ({ row }) => {
      const actor = row.original.actorUsername;
      return actor.startsWith("(") ? actor : `@${actor}`;
    },
  }),
  column.display({
    id: "when",
    header: "When",
    enableSorting: false,
    cell: ({ row }) => <DateTime value={row.original.createdAt} />,
  }),
] as unknown as ColumnsOf<AuditEntry>;

export function AuditLogTable({ entries, page }: { entries: AuditEntry[]; page: ServerPage }) {
  return (
    <DataTable
      label="Audit log"
      caption="Audit log"
      columns={columns}
      data={entries}
      getRowId={(row) => row.id}
      rowHref={hrefOf}
      page={page}
      empty={<EmptyState icon={<ScrollText className="size-6" />} title="Nothing recorded yet" />}
    />
  );
}
