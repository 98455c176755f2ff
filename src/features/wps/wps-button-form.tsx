"use client";

import { Info, Plus, X } from "lucide-react";
import { useState } from "react";
import { useFieldArray, useWatch, type FieldPath } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { fieldsFor, Form } from "~/components/ui/form";
import { FormSection } from "~/components/ui/form-section";
import { Input, MoneyInput, Select } from "~/components/ui/input";
import * as PopFields from "~/features/payment-buttons/checkout-settings-fields";
import { appearanceOf, formButtonOf, shippingLabels, type WpsForm } from "~/features/wps/wps-code";
import { WpsDeprecationNotice } from "~/features/wps/wps-deprecation-notice";
import { WpsPreviewDialog } from "~/features/wps/wps-preview-dialog";
import { wpsFormFields } from "~/lib/wps";
import { MAX_PRICE_OPTIONS, wpsButtonSchema, wpsLocales, type WpsButtonInput } from "~/schemas/wps";

const { FormField, CheckboxField, FormMessage } = fieldsFor<WpsButtonInput>();

/** PayPal's web-script endpoint of each environment (server configuration, passed down by the page). */
export type WpsActions = { sandbox: string; live: string };

const buttonTextOptions = ["Buy Now", "Add to Cart", "Subscribe", "Donate", "Pay Now"].map(
  (text) => [text, text] as const,
);
const environmentOptions = [
  ["sandbox", "Sandbox (test payments)"],
  ["live", "Live"],
] as const;
const buttonSizeOptions = [
  ["large", "Large"],
  ["small", "Small"],
] as const;
const shippingOptions = Object.entries(shippingLabels);
const localeNames: Record<(typeof wpsLocales)[number], string> = {
  "US-en": "United States - English",
  "GB-en": "United Kingdom - English",
  "CA-en": "Canada - English",
  "AU-en": "Australia - English",
  "FR-fr": "France - French",
  "DE-de": "Germany - German",
  "ES-es": "Spain - Spanish",
  "IT-it": "Italy - Italian",
  "JP-ja": "Japan - Japanese",
};

const wpsUrlFields: PopFields.UrlField<FieldPath<WpsButtonInput>>[] = [
  PopFields.urlFields.successUrl,
  { ...PopFields.urlFields.cancelUrl, hint: "Where PayPal sends buyers who cancel." },
  {
    name: "notifyUrl",
    label: "Notify URL (IPN)",
    placeholder: "https://your-site.com/paypal/ipn",
    hint: "Your own IPN listener, if you have one: it gets a copy of each message after Popkit has checked it.",
  },
];

const localeOptions = wpsLocales.map((locale) => [locale, localeNames[locale]] as const);

// The button's look: three lists side by side that differ only in field, label and choices.
const appearanceSelects = [
  ["buttonText", "Button Text", buttonTextOptions],
  ["buttonSize", "Button Size", buttonSizeOptions],
  ["locale", "Country and Language", localeOptions],
] as const;

/** The WPS button form shared by the create and edit screens. */
export function WpsButtonForm({
  initialValues,
  buttonId,
  appUrl,
  actions,
  submitLabels,
  failureMessage,
  onSave,
}: {
  initialValues: WpsButtonInput;
  /** The saved button's id (edit), else null. */
  buttonId: string | null;
  appUrl: string;
  actions: WpsActions;
  submitLabels: { idle: string; busy: string };
  failureMessage: string;
  /** Resolves once saved (the caller then navigates away); throws the tRPC error otherwise. */
  onSave(values: WpsButtonInput): Promise<void>;
}) {
  const [preview, setPreview] = useState<WpsButtonInput | null>(null);
  const { form, onSubmit, status } = PopFields.usePopForm(wpsButtonSchema, { initialValues, onSave, failureMessage });
  const options = useFieldArray({ control: form.control, name: "priceOptions" });
  const [pdtEnabled, currency] = useWatch({ control: form.control, name: ["pdtEnabled", "currency"] });

  function openPreview() {
    void form.trigger().then((isValid) => {
      if (isValid) setPreview(form.getValues());
    });
  }

  const previewForm: WpsForm | null = preview && {
    action: actions[preview.environment],
    fields: wpsFormFields(formButtonOf(preview, buttonId ?? ""), appUrl),
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-6">
      <WpsDeprecationNotice />
      <div className="flex gap-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900">
        <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-blue-700" />
        <div className="space-y-1">
          <p className="font-semibold">About WPS buttons</p>
          <p>
            A Website Payments Standard button is an HTML form on your website that sends buyers to PayPal to pay.
            PayPal then sends them back to a confirmation page and tells Popkit about the payment (IPN, and PDT when you
            enable it), so every sale shows up in your dashboard.
          </p>
        </div>
      </div>

      <FormSection title="Basic Information">
        <FormField
          name="paypalMerchantIdentifier"
          label="PayPal Merchant ID or Email"
          required
          hint="Where PayPal sends the money: your merchant account ID or the e-mail of your PayPal account."
        >
          <Input autoComplete="off" placeholder="e.g. ABCD1234EFGH5 or you@example.com" />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="environment" label="Environment">
            <Select options={environmentOptions} />
          </FormField>
          <PopFields.CurrencyField />
        </div>
      </FormSection>

      <FormSection title="Product Details">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="itemName" label="Product Name" required>
            <Input placeholder="e.g. Hand-knitted scarf" />
          </FormField>
          <FormField name="itemNumber" label="Product ID" hint="Optional: your own SKU, sent to PayPal as item_number.">
            <Input />
          </FormField>
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-gray-700">
            Price Options<span className="ml-0.5 text-red-600">*</span>
          </legend>
          {options.fields.map((option, index) => (
            <div key={option.id} className="flex items-start gap-2">
              <div className="grid flex-1 gap-2 sm:grid-cols-[2fr_1fr]">
                <FormField name={`priceOptions.${index}.label`} label={`Option ${index + 1} label`}>
                  <Input placeholder="e.g. Small" />
                </FormField>
                <FormField name={`priceOptions.${index}.value`} label={`Option ${index + 1} price`}>
                  <MoneyInput currency={currency} />
                </FormField>
              </div>
              {options.fields.length > 1 && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-7"
                  aria-label={`Remove price option ${index + 1}`}
                  onClick={() => {
                    options.remove(index);
                    form.clearErrors("priceOptions");
                  }}
                >
                  <X aria-hidden className="size-4" />
                </Button>
              )}
            </div>
          ))}
          <FormMessage name="priceOptions" />
          {options.fields.length < MAX_PRICE_OPTIONS && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                options.append({ label: "", value: "" }, { shouldFocus: true });
                form.clearErrors("priceOptions");
              }}
            >
              <Plus aria-hidden className="size-4" />
              Add Price Option
            </Button>
          )}
          <p className="text-xs text-gray-600">
            With more than one option, buyers pick one from a list next to the button.
          </p>
        </fieldset>

        <CheckboxField name="undefinedQuantity" label="Let buyers choose a quantity" boxed />
      </FormSection>

      <FormSection title="Shipping & Tax">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField name="noShipping" label="Shipping Address">
            <Select options={shippingOptions} />
          </FormField>
          <FormField name="shippingCost" label={`Shipping Cost (${currency})`} hint="One flat amount per payment.">
            <MoneyInput currency={currency} min={0} />
          </FormField>
          <FormField name="taxRate" label="Tax Rate (%)">
            <Input type="number" inputMode="decimal" min={0} max={100} step={0.001} />
          </FormField>
        </div>
      </FormSection>

      <FormSection title="Button Appearance">
        <div className="grid gap-4 sm:grid-cols-3">
          {appearanceSelects.map(([name, label, options]) => (
            <FormField key={name} name={name} label={label}>
              <Select options={options} />
            </FormField>
          ))}
        </div>
        <FormField
          name="customButtonImage"
          label="Custom Button Image URL"
          hint="Optional. An image of 150x50 px or smaller, shown instead of the text button."
        >
          <Input type="url" placeholder="https://your-site.com/buy-button.png" />
        </FormField>
        <CheckboxField name="showCardLogos" label="Show card logos under the button" boxed />
      </FormSection>

      <FormSection
        title="URLs Configuration"
        description="Optional. Buyers come back to Popkit's confirmation page after paying; PayPal's notifications reach Popkit first."
      >
        <PopFields.UrlFields fields={wpsUrlFields} />
        <CheckboxField name="pdtEnabled" label="Enable Payment Data Transfer (PDT)" boxed clears={["pdtToken"]} />
        {pdtEnabled && (
          <FormField
            name="pdtToken"
            label="PDT Identity Token"
            required={!initialValues.pdtTokenSaved}
            hint={
              initialValues.pdtTokenSaved
                ? "A token is saved. Leave this empty to keep it, or enter a new one to replace it."
                : "From your PayPal account: Account Settings > Website payments > Website preferences."
            }
          >
            <Input type="password" autoComplete="off" />
          </FormField>
        )}
      </FormSection>

      <PopFields.PopFormActions
        status={status}
        onPreview={openPreview}
        labels={{ preview: "Preview Button", submit: submitLabels.idle, busy: submitLabels.busy }}
      />

      {preview && previewForm && (
        <WpsPreviewDialog
          open
          onClose={() => setPreview(null)}
          summary={{
            itemName: preview.itemName.trim(),
            itemNumber: preview.itemNumber.trim() || null,
            environment: preview.environment,
            taxRate: preview.taxRate,
            noShipping: Number(preview.noShipping),
            shippingCostMinor: formButtonOf(preview, "").shippingCostMinor,
          }}
          look={appearanceOf(preview)}
          form={previewForm}
          buttonId={buttonId}
          appUrl={appUrl}
        />
      )}
    </Form>
  );
}
