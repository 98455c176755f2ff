"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import {
  useForm,
  useFormContext,
  useWatch,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
} from "react-hook-form";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { fieldsFor, FormField, setFieldErrors, SubmitButton } from "~/components/ui/form";
import { Input, MoneyInput, Select } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { cn } from "~/lib/cn";
import { currencies, type Currency } from "~/lib/money";
import type { PaymentButtonInput } from "~/schemas/payment-buttons";
import { fieldErrorsOf, userMessageOf } from "~/trpc/react";

// Fields that payment buttons and digital sell pages configure the same way.

/** What a form needs from Store Settings: the client ID to compare with, and whether a secret is saved. */
export type StoreConnection = { paypalClientId: string; hasPaypalSecret: boolean };

type CheckoutSettings = Pick<PaymentButtonInput, "paypalClientId" | "currency">;

const { FormField: SettingsField } = fieldsFor<CheckoutSettings>();

/** A URL field: where buyers or notifications go, all optional. */
export type UrlField<N extends string = string> = { name: N; label: string; placeholder: string; hint?: string };

/** The URL fields a POP form offers, by name; a WPS button takes the first two and a notify URL of its own. */
export const urlFields: { [N in "successUrl" | "cancelUrl" | "webhookUrl"]: UrlField<N> } = {
  successUrl: { name: "successUrl", label: "Success URL", placeholder: "https://your-site.com/thank-you" },
  cancelUrl: { name: "cancelUrl", label: "Cancel URL", placeholder: "https://your-site.com/cancelled" },
  webhookUrl: { name: "webhookUrl", label: "Webhook URL", placeholder: "https://your-site.com/webhooks/popkit" },
};

const currencyOptions = currencies.map((code) => [code, code] as const);

/** The currency the form's prices are in. */
export function useFormCurrency(): Currency {
  return useWatch<{ currency: Currency }, "currency">({ name: "currency" });
}

/** The PayPal client ID, with a warning when it cannot work with the secret saved in Store Settings. */
export function PayPalClientIdField({ store }: { store: StoreConnection }) {
  const clientId = useWatch<CheckoutSettings, "paypalClientId">({ name: "paypalClientId" }).trim();
  // The buyer's payment is created with the merchant's saved secret, which only works with its own client ID.
  const connectionNote = !clientId
    ? null
    : !store.hasPaypalSecret
      ? "No PayPal secret is saved in Store Settings yet."
      : clientId !== store.paypalClientId
        ? "This client ID is not the one saved in Store Settings."
        : null;
  return (
    <>
      <SettingsField
        name="paypalClientId"
        label="PayPal Client ID"
        required
        hint={
          store.paypalClientId
            ? "Pre-filled from Store Settings."
            : "From your PayPal developer dashboard (Apps & Credentials)."
        }
      >
        <Input autoComplete="off" />
      </SettingsField>
      {connectionNote && (
        <Alert tone="warning">
          {connectionNote} Buyers can only pay once the matching secret is saved in{" "}
          <Link href="/dashboard/settings" className="font-medium underline">
            Store Settings
          </Link>
          .
        </Alert>
      )}
    </>
  );
}

export function CurrencyField() {
  return (
    <SettingsField name="currency" label="Currency">
      <Select options={currencyOptions} />
    </SettingsField>
  );
}

/** URL fields, by default a POP's success, cancel and webhook URLs; `fields` are typed by the caller's form. */
export function UrlFields({ fields = Object.values(urlFields) }: { fields?: UrlField[] }) {
  return fields.map(({ name, label, placeholder, hint }) => (
    <FormField key={name} name={name} label={label} hint={hint}>
      <Input type="url" placeholder={placeholder} />
    </FormField>
  ));
}

/** Where one POP's selling options live in its form, and how the form names them to the merchant. */
export type SellingOptionNames<T extends FieldValues> = Record<
  "price" | "payWhatYouWant" | "minimum" | "stock",
  FieldPath<T>
>;

/**
 * Pay what you want (with its minimum) and the stock: a payment button's and each sell-page bundle's, the same
 * options under each form's own names and labels. `children` go between the minimum and the stock.
 */
export function SellingOptionsFields<T extends FieldValues>({
  names,
  labels,
  payWhatYouWantHint,
  stockHint,
  sold,
  children,
}: {
  names: SellingOptionNames<T>;
  labels: Record<"payWhatYouWant" | "minimum" | "stock", string>;
  payWhatYouWantHint?: string;
  stockHint: string;
  /** Units sold so far (edit screen): the stock cannot go below them. */
  sold?: number;
  children?: ReactNode;
}) {
  const { FormField, CheckboxField } = fieldsFor<T>();
  const { control } = useFormContext<T>();
  const isPayWhatYouWant = Boolean(useWatch({ control, name: names.payWhatYouWant }));
  const currency = useFormCurrency();
  return (
    <>
      <CheckboxField
        name={names.payWhatYouWant}
        label={labels.payWhatYouWant}
        hint={payWhatYouWantHint}
        // The minimum and the suggested price are checked against each other.
        clears={[names.minimum, names.price]}
      />
      <div className={cn("grid gap-4", children ? "sm:grid-cols-3" : "sm:grid-cols-2")}>
        {isPayWhatYouWant && (
          <FormField name={names.minimum} label={labels.minimum} required>
            <MoneyInput currency={currency} />
          </FormField>
        )}
        {children}
        <FormField name={names.stock} label={labels.stock} hint={stockHint}>
          <Input type="number" inputMode="numeric" min={Math.max(1, sold ?? 0)} step={1} placeholder="Unlimited" />
        </FormField>
      </div>
    </>
  );
}

/**
 * The form of a POP (payment button, sell page, WPS button), checked against `schema` on submit, and its save: a toast
 * and the form's red box say it failed, by default with the server's message and its field errors under their fields;
 * once saved the form stays busy while the caller navigates away.
 */
export function usePopForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  {
    initialValues,
    onSave,
    failureMessage,
    explainFailure,
  }: {
    initialValues: DefaultValues<T>;
    onSave(values: T): Promise<void>;
    failureMessage: string;
    /** Shows the failed save's field errors where they belong and returns the red box's sentence. */
    explainFailure?(error: unknown): string;
  },
) {
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues: initialValues, reValidateMode: "onSubmit" });
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  async function onSubmit(values: T) {
    setFormError(null);
    try {
      await onSave(values);
      setIsSaved(true);
    } catch (error) {
      toast.error(failureMessage);
      if (explainFailure) {
        setFormError(explainFailure(error));
      } else {
        setFieldErrors(form, fieldErrorsOf(error));
        setFormError(userMessageOf(error, failureMessage));
      }
    }
  }
  return { form, onSubmit, status: { formError, isSaved } };
}

/** Where a POP form's save stands: the error to show, and whether it is saved (the page is leaving). */
export type SaveStatus = { formError: string | null; isSaved: boolean };

/** The end of a POP form: the save's error, then the preview and save buttons. */
export function PopFormActions({
  status: { formError, isSaved },
  onPreview,
  labels,
}: {
  status: SaveStatus;
  onPreview(): void;
  labels: { preview: string; submit: string; busy: string };
}) {
  return (
    <>
      {formError && <Alert>{formError}</Alert>}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onPreview}>
          {labels.preview}
        </Button>
        <SubmitButton isBusy={isSaved} busyLabel={labels.busy}>
          {labels.submit}
        </SubmitButton>
      </div>
    </>
  );
}
