"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { fieldsFor } from "~/components/ui/form";
import { Input, Textarea } from "~/components/ui/input";
import { StaffDialogForm } from "~/features/staff/form-parts";
import { emptyPlanForm, planFormSchema, planFormValuesOf, type PlanFormInput } from "~/schemas/plans";
import { api, type RouterOutputs } from "~/trpc/react";

const { FormField, CheckboxField } = fieldsFor<PlanFormInput>();

export type StaffPlanRow = RouterOutputs["admin"]["plans"]["list"]["plans"][number];

/**
 * Create or edit a plan: name, description, monthly price in US dollars, a monthly payment limit or unlimited, and
 * Popkit's fee in percent. The server parses the same schema and answers a taken name under the name field.
 */
export function PlanForm({
  plan,
  onDone,
  onCancel,
}: {
  /** The plan being edited; a new plan without one. */
  plan?: StaffPlanRow;
  onDone(name: string): void;
  onCancel(): void;
}) {
  const create = api.admin.plans.create.useMutation();
  const update = api.admin.plans.update.useMutation();
  const form = useForm<PlanFormInput>({
    resolver: zodResolver(planFormSchema),
    defaultValues: plan ? planFormValuesOf(plan) : emptyPlanForm,
    reValidateMode: "onSubmit",
  });
  const isUnlimited = useWatch({ control: form.control, name: "isUnlimited" });
  const idPrefix = plan ? "edit-plan" : "new-plan";
  const ids = {
    name: `${idPrefix}-name`,
    description: `${idPrefix}-description`,
    price: `${idPrefix}-price`,
    unlimited: `${idPrefix}-unlimited`,
    limit: `${idPrefix}-limit`,
    fee: `${idPrefix}-fee`,
  };
  // The two amounts typed as decimals, side by side; they differ only in name, label and hint.
  const amountFields = [
    ["price", ids.price, "Monthly price (USD)", "What the seller pays Popkit each month; 0 for a free plan."],
    ["feePercent", ids.fee, "Popkit fee (%)", "Of each completed payment, e.g. 2.5; 0 for none."],
  ] as const;

  return (
    <StaffDialogForm
      form={form}
      save={async (values) => {
        const saved = plan ? await update.mutateAsync({ id: plan.id, values }) : await create.mutateAsync(values);
        onDone(saved.name);
      }}
      failureMessage="Failed to save the plan. Please try again."
      onCancel={onCancel}
      labels={{ submit: plan ? "Save Plan" : "Create Plan", busy: "Saving..." }}
    >
      <FormField name="name" id={ids.name} label="Plan name" required>
        <Input autoComplete="off" />
      </FormField>
      <FormField
        name="description"
        id={ids.description}
        label="Description"
        hint="One sentence for the landing page's pricing section."
      >
        <Textarea rows={2} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        {amountFields.map(([name, id, label, hint]) => (
          <FormField key={name} name={name} id={id} label={label} required hint={hint}>
            <Input inputMode="decimal" autoComplete="off" />
          </FormField>
        ))}
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-700">Payments per month</legend>
        <CheckboxField
          name="isUnlimited"
          id={ids.unlimited}
          label="Unlimited payments"
          className="gap-2"
          clears={["monthlyTransactionLimit"]}
        />
        {!isUnlimited && (
          <FormField
            name="monthlyTransactionLimit"
            id={ids.limit}
            label="Monthly payment limit"
            required
            hint="Completed payments a store may take per calendar month (UTC). At the limit, buyers cannot start new checkouts until the next month."
          >
            <Input inputMode="numeric" autoComplete="off" />
          </FormField>
        )}
      </fieldset>
    </StaffDialogForm>
  );
}
