"use client";

import { ScrollText } from "lucide-react";
import { columnHelperFor, DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import type { RouterOutputs } from "~/trpc/react";
import { auditActionLabel, describeAuditDetails } from "./audit-details";
import { merchantHref, type ServerPage } from "./links";

type AuditEntry = RouterOutputs["admin"]["audit"]["list"]["entries"][number];

const column = columnHelperFor<AuditEntry>();

/** Entries about a merchant open that merchant. */
function hrefOf(entry: AuditEntry): string | undefined {
  return entry.targetType === "merchant" && entry.targetId ? merchantHref(entry.targetId) : undefined;
}

// Newest first, paged by the server; it cannot sort the log otherwise.
const columns = [
  column.primary("action", "Action", (row) => (
    <span className="font-medium text-gray-900">{auditActionLabel(row.action)}</span>
  )),
  column.shown("details", "Details", (row) => {
    const text = describeAuditDetails(row.details);
    const href = hrefOf(row);
    return (
      <span className="text-gray-700 sm:whitespace-normal">{href ? <RowLink href={href}>{text}</RowLink> : text}</span>
    );
  }),
  column.shown("actor", "Who", (row) => {
    const actor = row.actorUsername;
    return actor.startsWith("(") ? actor : `@${actor}`;
  }),
  column.shown("when", "When", (row) => <DateTime value={row.createdAt} />),
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
