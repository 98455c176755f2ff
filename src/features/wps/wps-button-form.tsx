"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Info, Plus, X } from "lucide-react";
import { useState } from "react";
import { useFieldArray, useForm, useWatch, type FieldPath } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, invalidProps, registerClearing, registerField } from "~/components/ui/field";
import { FormSection } from "~/components/ui/form-section";
import { Input, Select } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { CurrencyField } from "~/features/payment-buttons/checkout-settings-fields";
import { appearanceOf, formButtonOf, shippingLabels, type WpsForm } from "~/features/wps/wps-code";
import { WpsDeprecationNotice } from "~/features/wps/wps-deprecation-notice";
import { WpsPreviewDialog } from "~/features/wps/wps-preview-dialog";
import { wpsFormFields } from "~/lib/wps";
import { MAX_PRICE_OPTIONS, wpsButtonSchema, wpsLocales, type WpsButtonInput } from "~/schemas/wps";
import { fieldErrorsOf, userMessageOf } from "~/trpc/react";

type FieldName = FieldPath<WpsButtonInput>;

/** PayPal's web-script endpoint of each environment (server configuration, passed down by the page). */
export type WpsActions = { sandbox: string; live: string };

const topLevelFields = new Set<string>(Object.keys(wpsButtonSchema.shape));
const buttonTexts = ["Buy Now", "Add to Cart", "Subscribe", "Donate", "Pay Now"];
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

const checkboxClasses = "accent-brand-600 size-4";
const checkboxRow = "flex items-center gap-3 rounded-lg border border-gray-200 p-3 text-sm font-medium text-gray-900";

/** SPEC 2.11: the WPS button form shared by the create and edit screens. */
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
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const [preview, setPreview] = useState<WpsButtonInput | null>(null);
  const form = useForm<WpsButtonInput>({
    resolver: zodResolver(wpsButtonSchema),
    defaultValues: initialValues,
    reValidateMode: "onSubmit",
  });
  const { errors, isSubmitting } = form.formState;
  const isSaving = isSubmitting || isSaved;
  const register = registerClearing(form);
  const options = useFieldArray({ control: form.control, name: "priceOptions" });
  const [pdtEnabled, currency] = useWatch({ control: form.control, name: ["pdtEnabled", "currency"] });
  const isYen = currency === "JPY";

  function openPreview() {
    void form.trigger().then((isValid) => {
      if (isValid) setPreview(form.getValues());
    });
  }

  async function onSubmit(values: WpsButtonInput) {
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

  const previewForm: WpsForm | null = preview && {
    action: actions[preview.environment],
    fields: wpsFormFields(formButtonOf(preview, buttonId ?? ""), appUrl),
  };

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-6">
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
        <Field
          id="paypalMerchantIdentifier"
          label="PayPal Merchant ID or Email"
          required
          error={errors.paypalMerchantIdentifier?.message}
          hint="Where PayPal sends the money: your merchant account ID or the e-mail of your PayPal account."
        >
          <Input
            id="paypalMerchantIdentifier"
            autoComplete="off"
            placeholder="e.g. ABCD1234EFGH5 or you@example.com"
            {...invalidProps(errors.paypalMerchantIdentifier, "paypalMerchantIdentifier")}
            {...register("paypalMerchantIdentifier")}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="environment" label="Environment" error={errors.environment?.message}>
            <Select id="environment" {...register("environment")}>
              <option value="sandbox">Sandbox (test payments)</option>
              <option value="live">Live</option>
            </Select>
          </Field>
          <CurrencyField error={errors.currency?.message} registration={register("currency")} />
        </div>
      </FormSection>

      <FormSection title="Product Details">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="itemName" label="Product Name" required error={errors.itemName?.message}>
            <Input
              id="itemName"
              placeholder="e.g. Hand-knitted scarf"
              {...invalidProps(errors.itemName, "itemName")}
              {...register("itemName")}
            />
          </Field>
          <Field
            id="itemNumber"
            label="Product ID"
            error={errors.itemNumber?.message}
            hint="Optional: your own SKU, sent to PayPal as item_number."
          >
            <Input id="itemNumber" {...invalidProps(errors.itemNumber, "itemNumber")} {...register("itemNumber")} />
          </Field>
        </div>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-gray-700">
            Price Options<span className="ml-0.5 text-red-600">*</span>
          </legend>
          {options.fields.map((option, index) => {
            const labelId = `priceOptions.${index}.label`;
            const valueId = `priceOptions.${index}.value`;
            const labelError = errors.priceOptions?.[index]?.label?.message;
            const valueError = errors.priceOptions?.[index]?.value?.message;
            return (
              <div key={option.id} className="flex items-start gap-2">
                <div className="grid flex-1 gap-2 sm:grid-cols-[2fr_1fr]">
                  <Field id={labelId} label={`Option ${index + 1} label`} error={labelError}>
                    <Input
                      id={labelId}
                      placeholder="e.g. Small"
                      {...invalidProps(labelError, labelId)}
                      {...register(`priceOptions.${index}.label`)}
                    />
                  </Field>
                  <Field id={valueId} label={`Option ${index + 1} price`} error={valueError}>
                    <Input
                      id={valueId}
                      type="number"
                      inputMode="decimal"
                      min={isYen ? 1 : 0.01}
                      step={isYen ? 1 : 0.01}
                      {...invalidProps(valueError, valueId)}
                      {...register(`priceOptions.${index}.value`)}
                    />
                  </Field>
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
            );
          })}
          {(errors.priceOptions?.message ?? errors.priceOptions?.root?.message) && (
            <p role="alert" className="text-sm text-red-600">
              {errors.priceOptions?.message ?? errors.priceOptions?.root?.message}
            </p>
          )}
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

        <label className={checkboxRow}>
          <input type="checkbox" className={checkboxClasses} {...registerField(form, "undefinedQuantity")} />
          Let buyers choose a quantity
        </label>
      </FormSection>

      <FormSection title="Shipping & Tax">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="noShipping" label="Shipping Address" error={errors.noShipping?.message}>
            <Select id="noShipping" {...register("noShipping")}>
              {Object.entries(shippingLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id="shippingCost"
            label={`Shipping Cost (${currency})`}
            error={errors.shippingCost?.message}
            hint="One flat amount per payment."
          >
            <Input
              id="shippingCost"
              type="number"
              inputMode="decimal"
              min={0}
              step={isYen ? 1 : 0.01}
              {...invalidProps(errors.shippingCost, "shippingCost")}
              {...register("shippingCost")}
            />
          </Field>
          <Field id="taxRate" label="Tax Rate (%)" error={errors.taxRate?.message}>
            <Input
              id="taxRate"
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step={0.001}
              {...invalidProps(errors.taxRate, "taxRate")}
              {...register("taxRate")}
            />
          </Field>
        </div>
      </FormSection>

      <FormSection title="Button Appearance">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="buttonText" label="Button Text" error={errors.buttonText?.message}>
            <Select id="buttonText" {...register("buttonText")}>
              {buttonTexts.map((text) => (
                <option key={text} value={text}>
                  {text}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="buttonSize" label="Button Size" error={errors.buttonSize?.message}>
            <Select id="buttonSize" {...register("buttonSize")}>
              <option value="large">Large</option>
              <option value="small">Small</option>
            </Select>
          </Field>
          <Field id="locale" label="Country and Language" error={errors.locale?.message}>
            <Select id="locale" {...register("locale")}>
              {wpsLocales.map((locale) => (
                <option key={locale} value={locale}>
                  {localeNames[locale]}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field
          id="customButtonImage"
          label="Custom Button Image URL"
          error={errors.customButtonImage?.message}
          hint="Optional. An image of 150x50 px or smaller, shown instead of the text button."
        >
          <Input
            id="customButtonImage"
            type="url"
            placeholder="https://your-site.com/buy-button.png"
            {...invalidProps(errors.customButtonImage, "customButtonImage")}
            {...register("customButtonImage")}
          />
        </Field>
        <label className={checkboxRow}>
          <input type="checkbox" className={checkboxClasses} {...registerField(form, "showCardLogos")} />
          Show card logos under the button
        </label>
      </FormSection>

      <FormSection
        title="URLs Configuration"
        description="Optional. Buyers come back to Popkit's confirmation page after paying; PayPal's notifications reach Popkit first."
      >
        <Field id="successUrl" label="Success URL" error={errors.successUrl?.message}>
          <Input
            id="successUrl"
            type="url"
            placeholder="https://your-site.com/thank-you"
            {...invalidProps(errors.successUrl, "successUrl")}
            {...register("successUrl")}
          />
        </Field>
        <Field
          id="cancelUrl"
          label="Cancel URL"
          error={errors.cancelUrl?.message}
          hint="Where PayPal sends buyers who cancel."
        >
          <Input
            id="cancelUrl"
            type="url"
            placeholder="https://your-site.com/cancelled"
            {...invalidProps(errors.cancelUrl, "cancelUrl")}
            {...register("cancelUrl")}
          />
        </Field>
        <Field
          id="notifyUrl"
          label="Notify URL (IPN)"
          error={errors.notifyUrl?.message}
          hint="Your own IPN listener, if you have one: it gets a copy of each message after Popkit has checked it."
        >
          <Input
            id="notifyUrl"
            type="url"
            placeholder="https://your-site.com/paypal/ipn"
            {...invalidProps(errors.notifyUrl, "notifyUrl")}
            {...register("notifyUrl")}
          />
        </Field>
        <label className={checkboxRow}>
          <input
            type="checkbox"
            className={checkboxClasses}
            {...registerField(form, "pdtEnabled", { onChange: () => form.clearErrors("pdtToken") })}
          />
          Enable Payment Data Transfer (PDT)
        </label>
        {pdtEnabled && (
          <Field
            id="pdtToken"
            label="PDT Identity Token"
            required={!initialValues.pdtTokenSaved}
            error={errors.pdtToken?.message}
            hint={
              initialValues.pdtTokenSaved
                ? "A token is saved. Leave this empty to keep it, or enter a new one to replace it."
                : "From your PayPal account: Account Settings > Website payments > Website preferences."
            }
          >
            <Input
              id="pdtToken"
              type="password"
              autoComplete="off"
              {...invalidProps(errors.pdtToken, "pdtToken")}
              {...register("pdtToken")}
            />
          </Field>
        )}
      </FormSection>

      {formError && <Alert>{formError}</Alert>}

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={openPreview}>
          Preview Button
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? submitLabels.busy : submitLabels.idle}
        </Button>
      </div>

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
    </form>
  );
}
