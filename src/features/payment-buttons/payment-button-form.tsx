"use client";

import { useState } from "react";
import { useWatch } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Dialog } from "~/components/ui/dialog";
import { fieldsFor, Form } from "~/components/ui/form";
import { FormSection } from "~/components/ui/form-section";
import { OfferFields } from "~/features/payment-buttons/offer-fields";
import { Input, MoneyInput, Select, Textarea } from "~/components/ui/input";
import { ButtonStylePreview } from "~/features/payment-buttons/button-style-preview";
import * as PopFields from "~/features/payment-buttons/checkout-settings-fields";
import { toMinorUnits } from "~/lib/money";
import { paymentButtonSchema, planIntervals, type PaymentButtonInput } from "~/schemas/payment-buttons";

const { FormField, RadioGroupField, CheckboxField } = fieldsFor<PaymentButtonInput>();

/** Create: the spec's "available after creation" notice. Edit: the real, saved button in a dialog. */
export type PreviewMode = { kind: "after-create" } | { kind: "saved"; buttonId: string };

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

const paymentTypeOptions = [
  ["one-time", "One-time"],
  ["subscription", "Subscription"],
] as const;

const actionLabels = { preview: "Preview Button", submit: "Save Button", busy: "Saving..." };

const planIntervalOptions = Object.entries(planIntervals).map(([value, { label }]) => [value, label] as const);

/** The payment button form shared by the create and edit screens. */
export function PaymentButtonForm({
  initialValues,
  store,
  preview,
  failureMessage,
  onSave,
}: {
  initialValues: PaymentButtonInput;
  store: PopFields.StoreConnection;
  preview: PreviewMode;
  /** The red-box text when the server gives no message of its own. */
  failureMessage: string;
  /** Resolves once saved (the caller then navigates away); throws the tRPC error otherwise. */
  onSave(values: PaymentButtonInput): Promise<void>;
}) {
  const [isPreviewOpen, setIsPreviewOpen] = useState(false);
  const { form, onSubmit, status } = PopFields.usePopForm(paymentButtonSchema, {
    initialValues,
    onSave,
    failureMessage,
  });

  const [paymentType, currency, style, amount, planSource, planInterval, payWhatYouWant] = useWatch({
    control: form.control,
    name: ["paymentType", "currency", "style", "amount", "planSource", "planInterval", "payWhatYouWant"],
  });

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
    <Form form={form} onSubmit={onSubmit} className="space-y-6">
      <FormSection title="Basic Information">
        <FormField name="name" label="Button Name" required>
          <Input placeholder="e.g. Pro Plan" />
        </FormField>
        <FormField name="description" label="Description">
          <Textarea rows={3} placeholder="What the buyer gets" />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            name="amount"
            label="Amount"
            required
            hint={paymentType === "one-time" && payWhatYouWant ? "The suggested price buyers see first." : undefined}
          >
            <MoneyInput currency={currency} />
          </FormField>
          <PopFields.CurrencyField />
          <FormField name="paymentType" label="Payment Type">
            <Select options={paymentTypeOptions} />
          </FormField>
        </div>
        {paymentType === "subscription" && (
          <RadioGroupField name="planSource" legend="PayPal plan" options={planSourceOptions}>
            {planSource === "existing" ? (
              <FormField
                name="subscriptionPlanId"
                label="Subscription Plan ID"
                required
                hint="The plan's ID from your PayPal account (it starts with P-). Buyers are billed on that plan's schedule."
              >
                <Input placeholder="P-XXXXXXXXXXXXXXXXXXXXXXXX" />
              </FormField>
            ) : (
              <FormField name="planInterval" label="Billing interval" hint={createPlanHint}>
                <Select options={planIntervalOptions} />
              </FormField>
            )}
          </RadioGroupField>
        )}
        {paymentType === "one-time" && (
          <fieldset className="space-y-4">
            <legend className="text-sm font-medium text-gray-700">Selling options</legend>
            <PopFields.SellingOptionsFields<PaymentButtonInput>
              names={{
                price: "amount",
                payWhatYouWant: "payWhatYouWant",
                minimum: "minimumAmount",
                stock: "stockLimit",
              }}
              labels={{ payWhatYouWant: "Let buyers pay what they want", minimum: "Minimum price", stock: "Stock" }}
              stockHint="Units for sale in all; empty for unlimited. 'Sold out' once gone."
            >
              <FormField name="maxQuantity" label="Most per order" hint="Above 1, buyers choose a quantity.">
                <Input type="number" min={1} max={100} />
              </FormField>
            </PopFields.SellingOptionsFields>
            <CheckboxField
              name="ships"
              label="This ships"
              hint="PayPal asks the buyer for a shipping address from their PayPal account and offers your shipping rates for it; you find it on the payment."
            />
            <CheckboxField
              name="taxIncluded"
              label="Price includes tax"
              hint="Sales tax or EU VAT for where the buyer is is taken out of the price instead of added to it (Store Settings › Shipping and tax)."
            />
          </fieldset>
        )}
      </FormSection>

      {paymentType === "one-time" && (
        <OfferFields exceptButtonId={preview.kind === "saved" ? preview.buttonId : undefined} />
      )}

      <FormSection title="Provider Configuration">
        <PopFields.PayPalClientIdField store={store} />
      </FormSection>

      <FormSection title="Button Style">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {styleFields.map((field) => (
            <FormField key={field.id} name={field.name} id={field.id} label={field.label}>
              <Select options={field.options} />
            </FormField>
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
        <PopFields.UrlFields />
      </FormSection>

      {preview.kind === "after-create" && isPreviewOpen && (
        <Alert tone="info">
          Preview will be available after the button is created. Save it, then preview it from the edit screen.
        </Alert>
      )}
      <PopFields.PopFormActions status={status} onPreview={() => setIsPreviewOpen(true)} labels={actionLabels} />

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
    </Form>
  );
}
