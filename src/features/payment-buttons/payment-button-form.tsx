"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Field, invalidProps, registerClearing, registerRadio } from "~/components/ui/field";
import { FormSection } from "~/components/ui/form-section";
import { Input, Select, Textarea } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { ButtonStylePreview } from "~/features/payment-buttons/button-style-preview";
import {
  CurrencyField,
  PayPalClientIdField,
  RedirectUrlFields,
  type StoreConnection,
} from "~/features/payment-buttons/checkout-settings-fields";
import { toMinorUnits } from "~/lib/money";
import { paymentButtonSchema, planIntervals, type PaymentButtonInput } from "~/schemas/payment-buttons";
import { fieldErrorsOf, userMessageOf } from "~/trpc/react";

type FieldName = FieldPath<PaymentButtonInput>;

/** Create: the spec's "available after creation" notice. Edit: the real, saved button in a dialog. */
export type PreviewMode = { kind: "after-create" } | { kind: "saved"; buttonId: string };

const topLevelFields = new Set<string>(Object.keys(paymentButtonSchema.shape));

const styleFields = [
  {
    id: "styleColor",
    label: "Color",
    name: "style.color",
    options: [
      ["gold", "Gold"],
      ["blue", "Blue"],
      ["silver", "Silver"],
      ["white", "White"],
      ["black", "Black"],
    ],
  },
  {
    id: "styleShape",
    label: "Shape",
    name: "style.shape",
    options: [
      ["rect", "Rectangle"],
      ["pill", "Pill"],
    ],
  },
  {
    id: "styleSize",
    label: "Size",
    name: "style.size",
    options: [
      ["small", "Small"],
      ["medium", "Medium"],
      ["large", "Large"],
    ],
  },
  {
    id: "styleLabel",
    label: "Label",
    name: "style.label",
    options: [
      ["paypal", "PayPal"],
      ["checkout", "Checkout"],
      ["buynow", "Buy Now"],
      ["pay", "Pay with PayPal"],
      ["subscribe", "Subscribe"],
    ],
  },
] as const;

const planSourceOptions = [
  ["create", "Create it in PayPal from this price"],
  ["existing", "Use an existing Plan ID"],
] as const;

const radioClasses = "size-4 border-gray-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600";

/** SPEC 2.8: the payment button form shared by the create and edit screens. */
export function PaymentButtonForm({
  initialValues,
  store,
  preview,
  failureMessage,
  onSave,
}: {
  initialValues: PaymentButtonInput;
  store: StoreConnection;
  preview: PreviewMode;
  /** The red-box text when the server gives no message of its own. */
  failureMessage: string;
  /** Resolves once saved (the caller then navigates away); throws the tRPC error otherwise. */
  onSave(values: PaymentButtonInput): Promise<void>;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const form = useForm<PaymentButtonInput>({
    resolver: zodResolver(paymentButtonSchema),
    defaultValues: initialValues,
    reValidateMode: "onSubmit",
  });
  const { errors, isSubmitting } = form.formState;
  const isSaving = isSubmitting || isSaved;

  const register = registerClearing(form);

  const [paymentType, currency, style, clientIdText, amount, planSource, planInterval, payWhatYouWant] = useWatch({
    control: form.control,
    name: [
      "paymentType",
      "currency",
      "style",
      "paypalClientId",
      "amount",
      "planSource",
      "planInterval",
      "payWhatYouWant",
    ],
  });

  async function onSubmit(values: PaymentButtonInput) {
    setFormError(null);
    try {
      await onSave(values);
      setIsSaved(true);
    } catch (error) {
      for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
        if (topLevelFields.has(field)) form.setError(field as FieldName, { message: messages[0] });
      }
      setFormError(userMessageOf(error, failureMessage));
      toast.error(failureMessage);
    }
  }

  const isYen = currency === "JPY";
  // A plan made here on an earlier save is kept while the price and interval stay as they were.
  const savedPlanId =
    initialValues.paymentType === "subscription" && initialValues.planSource === "create"
      ? initialValues.subscriptionPlanId
      : "";
  const isSavedPrice =
    currency === initialValues.currency &&
    planInterval === initialValues.planInterval &&
    toMinorUnits(amount.trim(), currency) === toMinorUnits(initialValues.amount, initialValues.currency);
  const createPlanHint =
    savedPlanId && isSavedPrice
      ? `Keeps its PayPal plan (${savedPlanId}).`
      : !store.hasPaypalSecret
        ? "The plan is created with your PayPal credentials: connect PayPal in Store Settings first, or use an existing Plan ID."
        : savedPlanId
          ? "Saving creates a new PayPal plan at this price. Current subscribers keep their plan and price; only new subscribers pay the new one."
          : "Saving creates a product and a plan at this price in your PayPal account.";
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-6">
      <FormSection title="Basic Information">
        <Field id="name" label="Button Name" required error={errors.name?.message}>
          <Input id="name" placeholder="e.g. Pro Plan" {...invalidProps(errors.name, "name")} {...register("name")} />
        </Field>
        <Field id="description" label="Description" error={errors.description?.message}>
          <Textarea
            id="description"
            rows={3}
            placeholder="What the buyer gets"
            {...invalidProps(errors.description, "description")}
            {...register("description")}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            id="amount"
            label="Amount"
            required
            error={errors.amount?.message}
            hint={paymentType === "one-time" && payWhatYouWant ? "The suggested price buyers see first." : undefined}
          >
            <Input
              id="amount"
              type="number"
              inputMode="decimal"
              min={isYen ? 1 : 0.01}
              step={isYen ? 1 : 0.01}
              {...invalidProps(errors.amount, "amount")}
              {...register("amount")}
            />
          </Field>
          <CurrencyField error={errors.currency?.message} registration={register("currency")} />
          <Field id="paymentType" label="Payment Type" error={errors.paymentType?.message}>
            <Select id="paymentType" {...register("paymentType")}>
              <option value="one-time">One-time</option>
              <option value="subscription">Subscription</option>
            </Select>
          </Field>
        </div>
        {paymentType === "subscription" && (
          <fieldset className="space-y-3" aria-describedby={errors.planSource ? "planSource-error" : undefined}>
            <legend className="text-sm font-medium text-gray-700">PayPal plan</legend>
            <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
              {planSourceOptions.map(([value, label]) => (
                <label key={value} className="flex items-center gap-2 text-sm text-gray-900">
                  <input type="radio" className={radioClasses} {...registerRadio(form, "planSource", value)} />
                  {label}
                </label>
              ))}
            </div>
            {errors.planSource && (
              <p id="planSource-error" role="alert" className="text-sm text-red-600">
                {errors.planSource.message}
              </p>
            )}
            {planSource === "existing" ? (
              <Field
                id="subscriptionPlanId"
                label="Subscription Plan ID"
                required
                error={errors.subscriptionPlanId?.message}
                hint="The plan's ID from your PayPal account (it starts with P-). Buyers are billed on that plan's schedule."
              >
                <Input
                  id="subscriptionPlanId"
                  placeholder="P-XXXXXXXXXXXXXXXXXXXXXXXX"
                  {...invalidProps(errors.subscriptionPlanId, "subscriptionPlanId")}
                  {...register("subscriptionPlanId")}
                />
              </Field>
            ) : (
              <Field id="planInterval" label="Billing interval" hint={createPlanHint}>
                <Select id="planInterval" {...register("planInterval")}>
                  {Object.entries(planIntervals).map(([value, { label }]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
          </fieldset>
        )}
        {paymentType === "one-time" && (
          <fieldset className="space-y-4">
            <legend className="text-sm font-medium text-gray-700">Selling options</legend>
            <label className="flex items-center gap-2 text-sm text-gray-900">
              <input type="checkbox" className="size-4 rounded border-gray-300" {...register("payWhatYouWant")} />
              Let buyers pay what they want
            </label>
            <div className="grid gap-4 sm:grid-cols-3">
              {payWhatYouWant && (
                <Field id="minimumAmount" label="Minimum price" required error={errors.minimumAmount?.message}>
                  <Input
                    id="minimumAmount"
                    type="number"
                    inputMode="decimal"
                    min={isYen ? 1 : 0.01}
                    step={isYen ? 1 : 0.01}
                    {...invalidProps(errors.minimumAmount, "minimumAmount")}
                    {...register("minimumAmount")}
                  />
                </Field>
              )}
              <Field
                id="maxQuantity"
                label="Most per order"
                error={errors.maxQuantity?.message}
                hint="Above 1, buyers choose a quantity."
              >
                <Input
                  id="maxQuantity"
                  type="number"
                  min={1}
                  max={100}
                  {...invalidProps(errors.maxQuantity, "maxQuantity")}
                  {...register("maxQuantity")}
                />
              </Field>
              <Field
                id="stockLimit"
                label="Stock"
                error={errors.stockLimit?.message}
                hint="Units for sale in all; empty for unlimited. 'Sold out' once gone."
              >
                <Input
                  id="stockLimit"
                  type="number"
                  min={1}
                  placeholder="Unlimited"
                  {...invalidProps(errors.stockLimit, "stockLimit")}
                  {...register("stockLimit")}
                />
              </Field>
            </div>
          </fieldset>
        )}
      </FormSection>

      <FormSection title="Provider Configuration">
        <PayPalClientIdField
          store={store}
          clientId={clientIdText.trim()}
          error={errors.paypalClientId?.message}
          registration={register("paypalClientId")}
        />
      </FormSection>

      <FormSection title="Button Style">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {styleFields.map((field) => (
            <Field key={field.id} id={field.id} label={field.label}>
              <Select id={field.id} {...register(field.name)}>
                {field.options.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
        </div>
        <div className="rounded-lg border border-dashed border-gray-300 bg-gray-50 p-6">
          <p className="mb-3 text-xs font-medium tracking-wide text-gray-600 uppercase">Live preview</p>
          <div className="flex justify-center">
            <ButtonStylePreview style={style} />
          </div>
        </div>
      </FormSection>

      <FormSection
        title="URLs Configuration (Optional)"
        description="Where buyers go after paying or cancelling, and where your server hears about payments."
      >
        <RedirectUrlFields errors={errors} register={register} />
      </FormSection>

      {preview.kind === "after-create" && isPreviewOpen && (
        <Alert tone="info">
          Preview will be available after the button is created. Save it, then preview it from the edit screen.
        </Alert>
      )}
      {formError && <Alert>{formError}</Alert>}

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => setIsPreviewOpen(true)}>
          Preview Button
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? "Saving..." : "Save Button"}
        </Button>
      </div>

      {preview.kind === "saved" && (
        <Dialog
          open={isPreviewOpen}
          onClose={() => setIsPreviewOpen(false)}
          size="lg"
          title="Button Preview"
          description="The saved button, embedded exactly as on a website. Save your changes to preview them."
        >
          <iframe
            src={`/test/${encodeURIComponent(preview.buttonId)}`}
            title="Payment button preview"
            className="h-[28rem] w-full rounded-lg border border-gray-200"
          />
        </Dialog>
      )}
    </form>
  );
}
