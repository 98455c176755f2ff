"use client";

import { RetryAlert } from "~/components/ui/alert";
import { Dialog } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/toast";
import { DiscountCodeForm } from "~/features/discounts/discount-code-form";
import { discountCodeDefaults, type DiscountCodeFormValues } from "~/schemas/discounts";
import { api } from "~/trpc/react";

export type DiscountDialogMode = { kind: "create" } | { kind: "edit"; id: string; code: string };

/** Create a code, or edit one (its saved values are loaded first). Closing it without saving changes nothing. */
export function DiscountCodeDialog({ mode, onClose }: { mode: DiscountDialogMode; onClose(): void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={mode.kind === "create" ? "Create discount code" : `Edit ${mode.code}`}
      description={
        mode.kind === "create"
          ? "Buyers enter the code at checkout. Payments show the code and what it took off."
          : "Changes apply to orders from now on; past payments keep the discount they got."
      }
    >
      {mode.kind === "create" ? <CreateForm onClose={onClose} /> : <EditForm id={mode.id} onClose={onClose} />}
    </Dialog>
  );
}

function useAfterSave(onClose: () => void) {
  const utils = api.useUtils();
  return async (code: string, verb: "created" | "saved") => {
    toast.success(`Discount code ${code} ${verb}`);
    await utils.merchant.discounts.list.invalidate();
    onClose();
  };
}

function CreateForm({ onClose }: { onClose(): void }) {
  const create = api.merchant.discounts.create.useMutation();
  const afterSave = useAfterSave(onClose);
  async function save(values: DiscountCodeFormValues) {
    const created = await create.mutateAsync(values);
    await afterSave(created.values.code, "created");
  }
  return (
    <DiscountCodeForm
      initialValues={discountCodeDefaults}
      submitLabel="Create code"
      busyLabel="Creating..."
      failureMessage="Failed to create discount code. Please try again."
      onSave={save}
      onCancel={onClose}
    />
  );
}

function EditForm({ id, onClose }: { id: string; onClose(): void }) {
  const utils = api.useUtils();
  // Always the saved values: a cached copy could predate another tab's edit.
  const code = api.merchant.discounts.get.useQuery({ id }, { gcTime: 0, refetchOnWindowFocus: false });
  const update = api.merchant.discounts.update.useMutation();
  const afterSave = useAfterSave(onClose);
  if (code.isPending) return <Spinner label="Loading the discount code..." />;
  if (code.isError) {
    return (
      <RetryAlert onRetry={() => void code.refetch()}>
        {code.error.data?.code === "NOT_FOUND"
          ? "This discount code no longer exists."
          : "The discount code could not be loaded."}
      </RetryAlert>
    );
  }
  async function save(values: DiscountCodeFormValues) {
    const saved = await update.mutateAsync({ id, values });
    void utils.merchant.discounts.get.invalidate({ id });
    await afterSave(saved.values.code, "saved");
  }
  return (
    <DiscountCodeForm
      initialValues={code.data.values}
      usesCount={code.data.usesCount}
      submitLabel="Save changes"
      busyLabel="Saving..."
      failureMessage="Failed to update discount code. Please try again."
      onSave={save}
      onCancel={onClose}
    />
  );
}
