"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm, useFormContext } from "react-hook-form";
import { errorId, hintId } from "~/components/ui/field";
import { fieldsFor } from "~/components/ui/form";
import { Input, Textarea } from "~/components/ui/input";
import { SettingsCardForm } from "~/features/accounts/settings-card-form";
import { planLabel } from "~/features/subscriptions/plan";
import { formatMoney } from "~/lib/money";
import { updateCustomerPortalSchema, type UpdateCustomerPortalInput } from "~/schemas/stores";
import { api, type RouterOutputs } from "~/trpc/react";

type PortalSettings = RouterOutputs["merchant"]["store"]["customerPortal"];
type Plan = PortalSettings["plans"][number];

const { FormField, CheckboxField, FormMessage } = fieldsFor<UpdateCustomerPortalInput>();

const PLANS_ID = "switchableButtonIds";

function formValues(settings: PortalSettings): UpdateCustomerPortalInput {
  const { plans: _plans, ...values } = settings;
  return values;
}

/** A plan's price and cycle; a button saved before cycles were read from PayPal shows its price alone. */
function priceOf(plan: Plan): string {
  return plan.planIntervalUnit
    ? planLabel({
        amountMinor: plan.amountMinor,
        currency: plan.currency,
        intervalUnit: plan.planIntervalUnit,
        intervalCount: plan.planIntervalCount ?? 1,
      })
    : formatMoney(plan.amountMinor, plan.currency);
}

/**
 * Store Settings' "Customer portal" card: what subscribers may do themselves in the buyer portal, and the business
 * details printed on invoices. A form of its own, saved apart from the store's settings form.
 */
export function CustomerPortalCard({ initial }: { initial: PortalSettings }) {
  const update = api.merchant.store.updateCustomerPortal.useMutation();
  const form = useForm<UpdateCustomerPortalInput>({
    resolver: zodResolver(updateCustomerPortalSchema),
    defaultValues: formValues(initial),
    reValidateMode: "onSubmit",
  });

  return (
    <SettingsCardForm
      form={form}
      save={async (values) => {
        form.reset(formValues(await update.mutateAsync(values)));
        return "Customer portal settings saved.";
      }}
      failureMessage="Failed to save the customer portal settings. Please try again."
      titleId="customer-portal-title"
      title="Customer portal"
      description="Buyers open the portal from their receipts to see their purchases, download invoices and manage their subscriptions. Cancelling is always offered."
      labels={{ submit: "Save customer portal", busy: "Saving..." }}
    >
      <CheckboxField
        name="portalAllowPause"
        label="Let subscribers pause and resume"
        hint="PayPal stops billing a paused subscription until the subscriber resumes it."
      />
      <SwitchablePlans plans={initial.plans} />

      <div className="space-y-4 border-t border-gray-100 pt-4">
        <div>
          <h3 className="text-sm font-semibold text-gray-900">Business details for invoices</h3>
          <p className="text-xs text-gray-600">Printed on every invoice; leave a field empty to leave it out.</p>
        </div>
        <FormField name="businessLegalName" label="Legal name">
          <Input autoComplete="organization" maxLength={200} />
        </FormField>
        <FormField name="businessAddress" label="Address">
          <Textarea rows={3} autoComplete="street-address" maxLength={500} />
        </FormField>
        <FormField name="businessTaxId" label="Tax ID" hint="Your VAT, GST or other tax number.">
          <Input autoComplete="off" maxLength={32} className="max-w-60" />
        </FormField>
        <FormField
          name="invoicePrefix"
          label="Invoice prefix"
          required
          hint="Up to 12 letters, digits, dashes or slashes, printed before each invoice's number (INV-000042). A new prefix applies to invoices issued afterwards."
        >
          <Input autoComplete="off" maxLength={12} className="max-w-40 font-mono" />
        </FormField>
      </div>
    </SettingsCardForm>
  );
}

/** The store's subscription buttons as a checkbox list; the checked ones are the plans subscribers may switch to. */
function SwitchablePlans({ plans }: { plans: Plan[] }) {
  const form = useFormContext<UpdateCustomerPortalInput>();
  const error = form.formState.errors.switchableButtonIds;
  return (
    <div
      role="group"
      aria-labelledby={`${PLANS_ID}-label`}
      aria-describedby={[hintId(PLANS_ID), error ? errorId(PLANS_ID) : ""].filter(Boolean).join(" ")}
      className="space-y-2"
    >
      <p id={`${PLANS_ID}-label`} className="text-sm font-medium text-gray-700">
        Plans subscribers may switch between
      </p>
      <p id={hintId(PLANS_ID)} className="text-xs text-gray-600">
        A subscriber can switch only between plans of the same currency and the same PayPal product (PayPal moves a
        subscription only within its product). The new price applies from their next billing cycle.
      </p>
      {plans.length === 0 ? (
        <p className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700">
          You have no subscription buttons yet.
        </p>
      ) : (
        <Controller
          control={form.control}
          name="switchableButtonIds"
          render={({ field }) => (
            <ul className="max-h-64 space-y-1 overflow-y-auto rounded-lg border border-gray-200 p-2">
              {plans.map((plan) => (
                <li key={plan.id}>
                  <label className="flex items-center gap-2 rounded px-1 py-1 text-sm text-gray-900 hover:bg-gray-50">
                    <input
                      type="checkbox"
                      className="accent-brand-600 size-4 shrink-0"
                      checked={field.value.includes(plan.id)}
                      onChange={(event) => {
                        form.clearErrors("switchableButtonIds");
                        field.onChange(
                          event.target.checked ? [...field.value, plan.id] : field.value.filter((id) => id !== plan.id),
                        );
                      }}
                    />
                    <span className="min-w-0 flex-1 break-words">{plan.name}</span>
                    <span className="shrink-0 text-xs text-gray-600 tabular-nums">
                      {priceOf(plan)}
                      {!plan.isActive && " · inactive"}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        />
      )}
      <FormMessage name="switchableButtonIds" />
    </div>
  );
}
