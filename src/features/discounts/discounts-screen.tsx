"use client";

import { Pencil, Plus, TicketPercent, Trash2 } from "lucide-react";
import { createContext, useContext, useMemo, useState } from "react";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { columnHelperFor, DataTable, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { ActionMenu } from "~/components/ui/dropdown-menu";
import { EmptyState } from "~/components/ui/empty-state";
import { Money } from "~/components/ui/money";
import { PageHeader } from "~/components/ui/page-header";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/toast";
import { DiscountCodeDialog, type DiscountDialogMode } from "~/features/discounts/discount-code-dialog";
import {
  discountLabel,
  discountStatusLabels,
  discountStatusOf,
  usesLabel,
  type DiscountStatus,
} from "~/features/discounts/format";
import { CopyButton } from "~/features/payment-buttons/copy-button";
import { focusPopCard, neighbourPopId } from "~/features/payment-buttons/pop-links";
import { formatMoney } from "~/lib/money";
import { api, type RouterOutputs } from "~/trpc/react";

type Code = RouterOutputs["merchant"]["discounts"]["list"][number];

const statusTones: Record<DiscountStatus, BadgeTone> = {
  active: "green",
  scheduled: "blue",
  used_up: "yellow",
  expired: "gray",
  off: "gray",
};

const menuIcon = "size-4 text-gray-600";
const muted = "text-gray-600";

/** Up to two POP names, then how many more. */
function AppliesTo({ code }: { code: Code }) {
  if (code.appliesToAll) return <span className="text-gray-900">All POPs</span>;
  if (code.pops.length === 0) {
    return <span className={muted}>No POPs (the chosen ones were deleted)</span>;
  }
  const names = code.pops.map((pop) => pop.name);
  const shown = names.slice(0, 2).join(", ");
  return (
    <span title={names.join(", ")} className="block text-gray-900 sm:max-w-52 sm:truncate">
      {shown}
      {names.length > 2 && <span className={muted}> +{names.length - 2} more</span>}
    </span>
  );
}

function ActiveWindow({ code }: { code: Code }) {
  if (!code.startsAt && !code.endsAt) return <span className={muted}>Any time</span>;
  if (!code.endsAt) {
    return (
      <span>
        From <DateTime value={code.startsAt!} />
      </span>
    );
  }
  if (!code.startsAt) {
    return (
      <span>
        Until <DateTime value={code.endsAt} />
      </span>
    );
  }
  return (
    <span className="inline-flex flex-col">
      <span>
        <DateTime value={code.startsAt} /> –
      </span>
      <DateTime value={code.endsAt} />
    </span>
  );
}

/** Revenue per currency (captured minus refunded), with its orders and the discount given. */
function Sales({ code }: { code: Code }) {
  if (code.sales.length === 0) return <span className={muted}>No orders yet</span>;
  return (
    <span className="inline-flex flex-col items-end gap-1">
      {code.sales.map((sale) => (
        <span key={sale.currency} className="inline-flex flex-col items-end">
          <Money amountMinor={sale.revenueMinor} currency={sale.currency} className="font-medium" />
          <span className="text-xs text-gray-600">
            {sale.orders} {sale.orders === 1 ? "order" : "orders"} · {formatMoney(sale.discountMinor, sale.currency)}{" "}
            off
          </span>
        </span>
      ))}
    </span>
  );
}

type RowHandlers = {
  /** The time statuses are judged at. */
  now: Date;
  onToggle(code: Code): void;
  onEdit(code: Code): void;
  onDelete(code: Code): void;
};

/**
 * The screen's handlers reach the cells through context, so the columns are defined once: TanStack renders each
 * cell function as a component, and a new function per render would remount the cell (closing its open menu).
 */
const RowHandlersContext = createContext<RowHandlers | null>(null);

function useRowHandlers() {
  const handlers = useContext(RowHandlersContext);
  if (!handlers) throw new Error("discount rows need RowHandlersContext");
  return handlers;
}

function StatusBadge({ code }: { code: Code }) {
  const status = discountStatusOf(code, useRowHandlers().now);
  return <Badge tone={statusTones[status]}>{discountStatusLabels[status]}</Badge>;
}

function RowActions({ code }: { code: Code }) {
  const { onToggle, onEdit, onDelete } = useRowHandlers();
  return (
    // data-pop-card: where focus returns after a dialog or a delete (see focusPopCard).
    <span data-pop-card={code.id} className="inline-flex items-center gap-2">
      <Switch label={`Active: ${code.code}`} checked={code.isActive} onToggle={() => onToggle(code)} />
      <ActionMenu
        label={`Actions for ${code.code}`}
        actions={[
          {
            label: `Edit ${code.code}`,
            icon: <Pencil aria-hidden className={menuIcon} />,
            onSelect: () => onEdit(code),
          },
          {
            label: `Delete ${code.code}`,
            icon: <Trash2 aria-hidden className="size-4" />,
            tone: "danger",
            onSelect: () => onDelete(code),
          },
        ]}
      />
    </span>
  );
}

const column = columnHelperFor<Code>();

const columns = [
  column.accessor("code", {
    header: "Code",
    meta: { isPrimary: true },
    cell: ({ row }) => (
      <span className="inline-flex items-center gap-1">
        <span className="font-mono font-semibold text-gray-900">{row.original.code}</span>
        <CopyButton
          text={row.original.code}
          label="Copy"
          srDetail={` code ${row.original.code}`}
          toastMessage={`${row.original.code} copied`}
          variant="ghost"
        />
      </span>
    ),
  }),
  column.shown("discount", "Discount", (row) => (
    <span className="inline-flex flex-col">
      <span className="text-gray-900">{discountLabel(row)}</span>
      {row.oncePerEmail && <span className="text-xs text-gray-600">Once per buyer</span>}
    </span>
  )),
  column.shown("appliesTo", "Applies to", (row) => <AppliesTo code={row} />),
  column.accessor("usesCount", {
    id: "uses",
    header: "Uses",
    meta: { align: "right" },
    cell: ({ row }) => (
      <span className="tabular-nums" title={row.original.maxUses === null ? "No limit" : undefined}>
        {usesLabel(row.original)}
      </span>
    ),
  }),
  column.shown("window", "Active window", (row) => <ActiveWindow code={row} />),
  column.shown("status", "Status", (row) => <StatusBadge code={row} />),
  column.right("revenue", "Revenue", (row) => <Sales code={row} />),
  column.shown("actions", "Actions", (row) => <RowActions code={row} />),
] as ColumnsOf<Code>;

/**
 * The Discounts screen: the store's codes with what each takes off, where, how often it was used and what it
 * brought in, plus create, edit, switch on/off, copy and delete.
 */
export function DiscountsScreen() {
  const utils = api.useUtils();
  const list = api.merchant.discounts.list.useQuery();
  const setActive = api.merchant.discounts.setActive.useMutation();
  const remove = api.merchant.discounts.delete.useMutation();
  const [dialog, setDialog] = useState<DiscountDialogMode | null>(null);
  const [deleting, setDeleting] = useState<Code | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  // The row whose menu gets focus when the confirmation closes: the code's own, or after a delete its neighbour's.
  const [focusAfterDelete, setFocusAfterDelete] = useState<string | null>(null);
  // Statuses as of the data's own time, so a render never disagrees with the figures it shows.
  const now = useMemo(() => new Date(list.dataUpdatedAt), [list.dataUpdatedAt]);

  const setRow = (id: string, isActive: boolean) =>
    utils.merchant.discounts.list.setData(undefined, (codes) =>
      codes?.map((code) => (code.id === id ? { ...code, isActive } : code)),
    );

  async function toggle(code: Code) {
    const next = !code.isActive;
    await utils.merchant.discounts.list.cancel();
    setRow(code.id, next);
    try {
      await setActive.mutateAsync({ id: code.id, isActive: next });
      toast.success(`${code.code} is now ${next ? "active" : "off"}`);
    } catch {
      setRow(code.id, code.isActive);
      toast.error("Failed to update the discount code. Please try again.");
    } finally {
      void utils.merchant.discounts.list.invalidate();
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    const code = deleting;
    setIsDeleting(true);
    try {
      await remove.mutateAsync({ id: code.id });
      setFocusAfterDelete(neighbourPopId(code.id));
      await utils.merchant.discounts.list.cancel();
      utils.merchant.discounts.list.setData(undefined, (codes) => codes?.filter((item) => item.id !== code.id));
      toast.success(`Discount code ${code.code} deleted`);
      void utils.merchant.discounts.list.invalidate();
    } catch {
      toast.error("Failed to delete the discount code. Please try again.");
    } finally {
      setIsDeleting(false);
      setDeleting(null);
    }
  }

  const handlers: RowHandlers = {
    now,
    onToggle: (code) => void toggle(code),
    onEdit: (code) => setDialog({ kind: "edit", id: code.id, code: code.code }),
    onDelete: (code) => {
      setFocusAfterDelete(code.id);
      setDeleting(code);
    },
  };
  const openCreate = () => setDialog({ kind: "create" });
  const codes = list.data ?? [];
  const isEmpty = list.isSuccess && codes.length === 0;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Discounts"
        description="Codes buyers enter at checkout for a percentage or an amount off your one-time payment buttons and digital sell pages."
        actions={
          <Button onClick={openCreate}>
            <Plus aria-hidden className="size-4" />
            Create discount code
          </Button>
        }
      />
      {isEmpty ? (
        <Card>
          <EmptyState
            icon={<TicketPercent className="size-6" />}
            title="No discount codes yet"
            description="Create your first discount code: a launch sale, a thank-you for subscribers, a code for one product."
            action={
              <Button onClick={openCreate} data-pop-list-focus>
                <Plus aria-hidden className="size-4" />
                Create your first discount code
              </Button>
            }
          />
        </Card>
      ) : (
        <RowHandlersContext.Provider value={handlers}>
          <DataTable
            label="Discount codes"
            caption="Discount codes"
            columns={columns}
            data={codes}
            getRowId={(code) => code.id}
            isLoading={list.isPending}
            error={list.isError ? "Your discount codes could not be loaded." : null}
            onRetry={() => void list.refetch()}
            empty={null}
          />
        </RowHandlersContext.Provider>
      )}

      {dialog && <DiscountCodeDialog mode={dialog} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.code ?? ""}?`}
        description="Are you sure you want to delete this discount code? This action cannot be undone."
        isBusy={isDeleting}
        onConfirm={() => void confirmDelete()}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          focusPopCard(focusAfterDelete);
        }}
      >
        Buyers can no longer use it. Past payments keep showing the code and the discount they got.
      </ConfirmDialog>
    </div>
  );
}
