"use client";

import { Layers, Pencil, Plus, Star, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { columnHelperFor, DataTable, type ColumnsOf } from "~/components/ui/data-table";
import { Dialog } from "~/components/ui/dialog";
import { ActionMenu, type MenuAction } from "~/components/ui/dropdown-menu";
import { EmptyState } from "~/components/ui/empty-state";
import { toast } from "~/components/ui/toast";
import { describePlanLimit, formatFee, formatPlanPrice } from "~/schemas/plans";
import { api, userMessageOf, type RouterOutputs } from "~/trpc/react";
import { PlanForm, type StaffPlanRow } from "./plan-form";
import { useRowDialogFocus } from "./row-dialog-focus";

type Plans = RouterOutputs["admin"]["plans"]["list"];
type Open =
  | { kind: "create" }
  | { kind: "edit"; plan: StaffPlanRow }
  | { kind: "default"; plan: StaffPlanRow }
  | { kind: "delete"; plan: StaffPlanRow }
  | null;
type RowDialog = Exclude<Open, null | { kind: "create" }>;

const column = columnHelperFor<StaffPlanRow>();
const icon = "size-4";

function planColumns(canEdit: boolean, openFromRow: (dialog: RowDialog) => void): ColumnsOf<StaffPlanRow> {
  function actionsOf(plan: StaffPlanRow): MenuAction[] {
    const name = `'${plan.name}'`;
    const actions: MenuAction[] = [
      {
        label: `Edit ${name}`,
        icon: <Pencil aria-hidden className={icon} />,
        onSelect: () => openFromRow({ kind: "edit", plan }),
      },
    ];
    if (!plan.isDefault) {
      actions.push(
        {
          label: `Make ${name} the default`,
          icon: <Star aria-hidden className={icon} />,
          onSelect: () => openFromRow({ kind: "default", plan }),
        },
        {
          label: `Delete ${name}`,
          icon: <Trash2 aria-hidden className={icon} />,
          tone: "danger",
          onSelect: () => openFromRow({ kind: "delete", plan }),
        },
      );
    }
    return actions;
  }

  const columns = [
    column.primary("plan", "Plan", (row) => (
      <div className="min-w-0 sm:max-w-72">
        <div className="flex flex-wrap items-center gap-2 font-medium text-gray-900">
          {row.name}
          {row.isDefault && <Badge tone="blue">Default</Badge>}
        </div>
        {row.description && <div className="text-xs font-normal text-gray-600">{row.description}</div>}
      </div>
    )),
    column.shown("price", "Price", (row) => `${formatPlanPrice(row.priceMinor)} / month`),
    column.shown("limit", "Payments", (row) => describePlanLimit(row.monthlyTransactionLimit)),
    column.right("fee", "Popkit fee", (row) => formatFee(row.feeBasisPoints)),
    column.right("stores", "Stores", (row) => row.storeCount.toLocaleString("en-US")),
  ];
  if (canEdit) {
    columns.push(
      column.right("actions", "Actions", (row) => (
        <span data-actions-for={row.id}>
          <ActionMenu label={`Actions for '${row.name}'`} actions={actionsOf(row)} />
        </span>
      )),
    );
  }
  return columns as unknown as ColumnsOf<StaffPlanRow>;
}

/**
 * The admin Settings' Plans section. Everyone sees the plans; admins and super admins (canEdit, which the
 * server checks again on every change) add, edit, choose the default and delete. The landing page shows these
 * plans as they are saved here.
 */
export function PlansManager({ data }: { data: Plans }) {
  const router = useRouter();
  const [open, setOpen] = useState<Open>(null);
  const { listRef, setReturnRowId, returnFocus } = useRowDialogFocus();
  const makeDefault = api.admin.plans.setDefault.useMutation();
  const remove = api.admin.plans.delete.useMutation();
  const close = () => setOpen(null);
  const done = (text: string) => {
    setOpen(null);
    toast.success(text);
    router.refresh();
  };
  const failed = (error: unknown, fallback: string) => {
    setOpen(null);
    toast.error(userMessageOf(error, fallback));
  };
  const openFromRow = useCallback(
    (next: RowDialog) => {
      // A deleted row is gone by the time the dialog closes.
      setReturnRowId(next.kind === "delete" ? null : next.plan.id);
      setOpen(next);
    },
    [setReturnRowId],
  );
  const columns = useMemo(() => planColumns(data.canEdit, openFromRow), [data.canEdit, openFromRow]);
  const defaultPlan = data.plans.find((plan) => plan.isDefault);

  const choosing = open?.kind === "default" ? open.plan : null;
  const deleting = open?.kind === "delete" ? open.plan : null;
  const storesOf = (plan: StaffPlanRow) =>
    `${plan.storeCount.toLocaleString("en-US")} store${plan.storeCount === 1 ? "" : "s"}`;

  return (
    <section aria-labelledby="plans-title" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="plans-title" className="text-lg font-semibold text-gray-900">
            Plans
          </h2>
          <p className="text-sm text-gray-600">
            What sellers pay and how many payments their store takes each month. The landing page lists these plans; new
            stores start on the default plan.
            {!data.canEdit && " Only admins and super admins can change them."}
          </p>
        </div>
        {data.canEdit && (
          <Button onClick={() => setOpen({ kind: "create" })} aria-haspopup="dialog">
            <Plus aria-hidden className={icon} />
            Add Plan
          </Button>
        )}
      </div>
      <div ref={listRef} tabIndex={-1} className="outline-none">
        <DataTable
          label="All plans"
          columns={columns}
          data={data.plans}
          getRowId={(row) => row.id}
          empty={<EmptyState icon={<Layers className="size-6" />} title="No plans yet" />}
        />
      </div>

      <Dialog open={open?.kind === "create"} onClose={close} title="Add Plan" size="lg">
        <PlanForm onCancel={close} onDone={(name) => done(`Plan '${name}' created.`)} />
      </Dialog>
      <Dialog
        open={open?.kind === "edit"}
        onClose={close}
        title="Edit Plan"
        size="lg"
        description={
          open?.kind === "edit" && open.plan.storeCount > 0
            ? `${storesOf(open.plan)} on this plan get the new terms at once.`
            : undefined
        }
        onCloseAutoFocus={returnFocus}
      >
        {open?.kind === "edit" && (
          <PlanForm plan={open.plan} onCancel={close} onDone={(name) => done(`Plan '${name}' saved.`)} />
        )}
      </Dialog>
      <ConfirmDialog
        open={choosing !== null}
        onClose={close}
        title={choosing ? `Make '${choosing.name}' the default plan?` : ""}
        description={
          choosing
            ? `New stores, and every store without a plan of its own, will be on '${choosing.name}' instead of '${defaultPlan?.name ?? "the current default"}'.`
            : ""
        }
        tone="primary"
        confirmLabel="Make Default"
        busyLabel="Saving..."
        isBusy={makeDefault.isPending}
        onConfirm={() =>
          choosing &&
          makeDefault.mutate(
            { id: choosing.id },
            {
              onSuccess: (plan) => done(`'${plan.name}' is now the default plan.`),
              onError: (error) => failed(error, "Failed to change the default plan. Please try again."),
            },
          )
        }
        onCloseAutoFocus={returnFocus}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={close}
        title={deleting ? `Delete '${deleting.name}'?` : ""}
        description={
          deleting
            ? deleting.storeCount > 0
              ? `Its ${storesOf(deleting)} move to the default plan, '${defaultPlan?.name ?? "none"}'. This action cannot be undone.`
              : "No store is on this plan. This action cannot be undone."
            : ""
        }
        confirmLabel="Delete Plan"
        isBusy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: (result) => done(`Plan '${result.name}' deleted.`),
              onError: (error) => failed(error, "Failed to delete the plan. Please try again."),
            },
          )
        }
        onCloseAutoFocus={returnFocus}
      />
    </section>
  );
}
