import Link from "next/link";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Field, invalidProps } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { currencies } from "~/lib/money";

// Fields that payment buttons and digital sell pages configure the same way.

/** What a form needs from Store Settings: the client ID to compare with, and whether a secret is saved. */
export type StoreConnection = { paypalClientId: string; hasPaypalSecret: boolean };

type UrlField = "successUrl" | "cancelUrl" | "webhookUrl";

const urlFields: { name: UrlField; label: string; placeholder: string }[] = [
  { name: "successUrl", label: "Success URL", placeholder: "https://your-site.com/thank-you" },
  { name: "cancelUrl", label: "Cancel URL", placeholder: "https://your-site.com/cancelled" },
  { name: "webhookUrl", label: "Webhook URL", placeholder: "https://your-site.com/webhooks/popkit" },
];

/** The PayPal client ID, with a warning when it cannot work with the secret saved in Store Settings. */
export function PayPalClientIdField({
  store,
  clientId,
  error,
  registration,
}: {
  store: StoreConnection;
  /** The field's current value, trimmed. */
  clientId: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
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
      <Field
        id="paypalClientId"
        label="PayPal Client ID"
        required
        error={error}
        hint={
          store.paypalClientId
            ? "Pre-filled from Store Settings."
            : "From your PayPal developer dashboard (Apps & Credentials)."
        }
      >
        <Input id="paypalClientId" autoComplete="off" {...invalidProps(error, "paypalClientId")} {...registration} />
      </Field>
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

export function CurrencyField({ error, registration }: { error?: string; registration: UseFormRegisterReturn }) {
  return (
    <Field id="currency" label="Currency" error={error}>
      <Select id="currency" {...registration}>
        {currencies.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** Success, cancel and webhook URLs, all optional. */
export function RedirectUrlFields({
  errors,
  register,
}: {
  errors: Partial<Record<UrlField, { message?: string }>>;
  register(name: UrlField): UseFormRegisterReturn;
}) {
  return urlFields.map(({ name, label, placeholder }) => (
    <Field key={name} id={name} label={label} error={errors[name]?.message}>
      <Input id={name} type="url" placeholder={placeholder} {...invalidProps(errors[name], name)} {...register(name)} />
    </Field>
  ));
}
