"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Field, invalidProps, registerClearing } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { applyServerErrors } from "~/features/staff/form-parts";
import { FormActions } from "~/features/staff/user-forms";
import { emptyPlanForm, planFormSchema, planFormValuesOf, type PlanFormInput } from "~/schemas/plans";
import { api, type RouterOutputs } from "~/trpc/react";

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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PlanFormInput>({
    resolver: zodResolver(planFormSchema),
    defaultValues: plan ? planFormValuesOf(plan) : emptyPlanForm,
    reValidateMode: "onSubmit",
  });
  const register = registerClearing(form);
  const { errors, isSubmitting } = form.formState;
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

  async function onSubmit(values: PlanFormInput) {
    setFormError(null);
    try {
      const saved = plan ? await update.mutateAsync({ id: plan.id, values }) : await create.mutateAsync(values);
      onDone(saved.name);
    } catch (error) {
      setFormError(applyServerErrors(form, error, "Failed to save the plan. Please try again."));
    }
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      <Field id={ids.name} label="Plan name" required error={errors.name?.message}>
        <Input id={ids.name} autoComplete="off" {...invalidProps(errors.name, ids.name)} {...register("name")} />
      </Field>
      <Field
        id={ids.description}
        label="Description"
        error={errors.description?.message}
        hint="One sentence for the landing page's pricing section."
      >
        <Textarea id={ids.description} rows={2} {...register("description")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={ids.price}
          label="Monthly price (USD)"
          required
          error={errors.price?.message}
          hint="What the seller pays Popkit each month; 0 for a free plan."
        >
          <Input
            id={ids.price}
            inputMode="decimal"
            autoComplete="off"
            {...invalidProps(errors.price, ids.price)}
            {...register("price")}
          />
        </Field>
        <Field
          id={ids.fee}
          label="Popkit fee (%)"
          required
          error={errors.feePercent?.message}
          hint="Of each completed payment, e.g. 2.5; 0 for none."
        >
          <Input
            id={ids.fee}
            inputMode="decimal"
            autoComplete="off"
            {...invalidProps(errors.feePercent, ids.fee)}
            {...register("feePercent")}
          />
        </Field>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-700">Payments per month</legend>
        <label htmlFor={ids.unlimited} className="flex items-center gap-2 text-sm text-gray-700">
          <input
            id={ids.unlimited}
            type="checkbox"
            className="size-4 rounded border-gray-300"
            {...form.register("isUnlimited", { onChange: () => form.clearErrors("monthlyTransactionLimit") })}
          />
          Unlimited payments
        </label>
        {!isUnlimited && (
          <Field
            id={ids.limit}
            label="Monthly payment limit"
            required
            error={errors.monthlyTransactionLimit?.message}
            hint="Completed payments a store may take per calendar month (UTC). At the limit, buyers cannot start new checkouts until the next month."
          >
            <Input
              id={ids.limit}
              inputMode="numeric"
              autoComplete="off"
              {...invalidProps(errors.monthlyTransactionLimit, ids.limit)}
              {...register("monthlyTransactionLimit")}
            />
          </Field>
        )}
      </fieldset>
      {formError && <Alert>{formError}</Alert>}
      <FormActions
        onCancel={onCancel}
        busy={isSubmitting}
        label={plan ? "Save Plan" : "Create Plan"}
        busyLabel="Saving..."
      />
    </form>
  );
}
