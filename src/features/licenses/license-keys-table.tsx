"use client";

import { KeyRound } from "lucide-react";
import Link from "next/link";
import { columnHelperFor, DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { ListEmpty } from "~/features/payments/list-empty";
import { useCurrentHref } from "~/features/payments/use-current-href";
import type { RouterOutputs } from "~/trpc/react";
import { activationsText, licenseKeyHref, maskedKey } from "./license-keys-format";
import { LicenseKeyStatusBadge } from "./license-keys-status-badge";

type LicenseKey = RouterOutputs["merchant"]["licenses"]["list"]["keys"][number];

const column = columnHelperFor<LicenseKey>();

function columnsFor(from: string): ColumnsOf<LicenseKey> {
  return [
    column.primary("key", "Key", (row) => (
      <RowLink href={licenseKeyHref(row.id, from)} label={`Key ending in ${row.keyHint}`}>
        <span className="font-mono">{maskedKey(row.keyHint)}</span>
      </RowLink>
    )),
    column.shown("pop", "POP", (row) => (
      <span title={row.popName} className="block text-gray-900 sm:max-w-48 sm:truncate">
        {row.popName}
      </span>
    )),
    column.shown("buyer", "Buyer", (row) =>
      row.buyerEmail ? (
        <span title={row.buyerEmail} className="block break-all text-gray-900 sm:max-w-56 sm:truncate">
          {row.buyerEmail}
        </span>
      ) : (
        <span className="text-gray-600">—</span>
      ),
    ),
    column.shown("status", "Status", (row) => (
      <LicenseKeyStatusBadge status={row.status} disabledBy={row.disabledBy} />
    )),
    column.shown("activations", "Activations", (row) => (
      <span className="text-gray-900">{activationsText(row.activations, row.activationLimit)}</span>
    )),
    column.shown("expires", "Expires", (row) =>
      row.expiresAt ? (
        <DateTime value={row.expiresAt} style="date" />
      ) : (
        <span className="text-gray-600">{row.expiresWithSubscription ? "With subscription" : "Never"}</span>
      ),
    ),
    column.shown("issued", "Issued", (row) => <DateTime value={row.issuedAt} />),
  ] as ColumnsOf<LicenseKey>;
}

/** The store's issued keys, newest first, as the server filtered and cut them. Each row opens the key. */
export function LicenseKeysTable({
  keys,
  page,
  clearHref,
}: {
  keys: LicenseKey[];
  page: { page: number; pageCount: number; total: number; pageSize: number };
  /** Set while a search or filter is applied: the empty state says so and links here to clear it. */
  clearHref?: string;
}) {
  const from = useCurrentHref();
  return (
    <DataTable
      label="License keys"
      caption="License keys"
      columns={columnsFor(from)}
      data={keys}
      getRowId={(row) => row.id}
      rowHref={(row) => licenseKeyHref(row.id, from)}
      page={page}
      empty={
        <ListEmpty
          icon={<KeyRound className="size-6" />}
          noun="license keys"
          description={
            <>
              Turn on &ldquo;Issue license keys&rdquo; on a{" "}
              <Link href="/dashboard/pages" className="text-brand-700 font-medium underline">
                payment button or sell page
              </Link>
              : each sale then issues a key per unit bought, and the keys appear here.
            </>
          }
          filterHint="Try another search, POP or status."
          clearHref={clearHref}
        />
      }
    />
  );
}
