"use client";

import { Store } from "lucide-react";
import { columnHelperFor, DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import type { RouterOutputs } from "~/trpc/react";
import { merchantHref, type ServerPage } from "./links";
import { MerchantStateBadge } from "./merchant-state";

type MerchantRow = RouterOutputs["admin"]["merchants"]["list"]["merchants"][number];

const column = columnHelperFor<MerchantRow>();

// Merchant (name, e-mail), Company ('N/A' if empty), Created; a row opens the merchant. The server pages
// the list newest first and cannot sort it otherwise.
const columns = [
  column.primary("merchant", "Merchant", (row) => (
    <div className="sm:max-w-72">
      <RowLink href={merchantHref(row.id)}>{row.name}</RowLink>
      <div className="truncate text-xs text-gray-600">{row.email}</div>
    </div>
  )),
  column.shown("company", "Company", (row) => row.companyName || "N/A"),
  column.shown("status", "Status", (row) => <MerchantStateBadge suspendedAt={row.suspendedAt} />),
  column.shown("created", "Created", (row) => <DateTime value={row.createdAt} style="date" />),
] as unknown as ColumnsOf<MerchantRow>;

export function MerchantsTable({
  merchants,
  page,
  isSearch,
}: {
  merchants: MerchantRow[];
  page: ServerPage;
  isSearch: boolean;
}) {
  return (
    <DataTable
      label="Merchants"
      caption="Merchants"
      columns={columns}
      data={merchants}
      getRowId={(row) => row.id}
      rowHref={(row) => merchantHref(row.id)}
      page={page}
      empty={
        <EmptyState
          icon={<Store className="size-6" />}
          title={isSearch ? "No merchants match your search" : "No merchants yet"}
          description={
            isSearch ? "Try a part of the name, e-mail or company." : "Sellers appear here when they sign up."
          }
        />
      }
    />
  );
}
