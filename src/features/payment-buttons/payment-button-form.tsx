"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { ButtonStylePreview } from "~/features/payment-buttons/button-style-preview";
import { currencies } from "~/lib/money";
import { paymentButtonSchema, type PaymentButtonInput } from "~/schemas/payment-button";
import { fieldErrorsOf, userMessageOf } from "~/trpc/react";

type FieldName = FieldPath<PaymentButtonInput>;

/** What the form needs from Store Settings: the client ID to compare with, and whether a secret is saved. */
export type StoreConnection = { paypalClientId: string; hasPaypalSecret: boolean };

/** Create: the spec's "available after creation" notice. Edit: the real, saved button in a dialog. */
export type PreviewMode = { kind: "after-create" } | { kind: "saved"; buttonId: string };

const topLevelFields = new Set<string>(Object.keys(paymentButtonSchema.shape));

const colorOptions = [
  ["gold", "Gold"],
  ["blue", "Blue"],
  ["silver", "Silver"],
  ["white", "White"],
  ["black", "Black"],
] as const;
const shapeOptions = [
  ["rect", "Rectangle"],
  ["pill", "Pill"],
] as const;
const sizeOptions = [
  ["small", "Small"],
  ["medium", "Medium"],
  ["large", "Large"],
] as const;
const labelOptions = [
  ["paypal", "PayPal"],
  ["checkout", "Checkout"],
  ["buynow", "Buy Now"],
  ["pay", "Pay with PayPal"],
  ["subscribe", "Subscribe"],
] as const;

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="space-y-4 p-6">
      <div>
        <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
        {description && <p className="text-sm text-gray-600">{description}</p>}
      </div>
      {children}
    </Card>
  );
}

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

  // SPEC 4: editing a field clears its error.
  const register = (name: FieldName) => form.register(name, { onChange: () => form.clearErrors(name) });
  const invalid = (error: unknown, id: string) =>
    error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};

  const [paymentType, currency, style, clientIdText] = useWatch({
    control: form.control,
    name: ["paymentType", "currency", "style", "paypalClientId"],
  });
  const clientId = clientIdText.trim();

  // The buyer's payment is created with the merchant's saved secret, which only works with its own client ID.
  const connectionNote = !clientId
    ? null
    : !store.hasPaypalSecret
      ? "No PayPal secret is saved in Store Settings yet."
      : clientId !== store.paypalClientId
        ? "This client ID is not the one saved in Store Settings."
        : null;

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
    }
  }

  const isYen = currency === "JPY";
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-6">
      <Section title="Basic Information">
        <Field id="name" label="Button Name" required error={errors.name?.message}>
          <Input id="name" placeholder="e.g. Pro Plan" {...invalid(errors.name, "name")} {...register("name")} />
        </Field>
        <Field id="description" label="Description" error={errors.description?.message}>
          <Textarea
            id="description"
            rows={3}
            placeholder="What the buyer gets"
            {...invalid(errors.description, "description")}
            {...register("description")}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="amount" label="Amount" required error={errors.amount?.message}>
            <Input
              id="amount"
              type="number"
              inputMode="decimal"
              min={isYen ? 1 : 0.01}
              step={isYen ? 1 : 0.01}
              {...invalid(errors.amount, "amount")}
              {...register("amount")}
            />
          </Field>
          <Field id="currency" label="Currency" error={errors.currency?.message}>
            <Select id="currency" {...register("currency")}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="paymentType" label="Payment Type" error={errors.paymentType?.message}>
            <Select id="paymentType" {...register("paymentType")}>
              <option value="one-time">One-time</option>
              <option value="subscription">Subscription</option>
            </Select>
          </Field>
        </div>
        {paymentType === "subscription" && (
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
              {...invalid(errors.subscriptionPlanId, "subscriptionPlanId")}
              {...register("subscriptionPlanId")}
            />
          </Field>
        )}
      </Section>

      <Section title="Provider Configuration">
        <Field
          id="paypalClientId"
          label="PayPal Client ID"
          required
          error={errors.paypalClientId?.message}
          hint={
            store.paypalClientId
              ? "Pre-filled from Store Settings."
              : "From your PayPal developer dashboard (Apps & Credentials)."
          }
        >
          <Input
            id="paypalClientId"
            autoComplete="off"
            {...invalid(errors.paypalClientId, "paypalClientId")}
            {...register("paypalClientId")}
          />
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
      </Section>

      <Section title="Button Style">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field id="styleColor" label="Color">
            <Select id="styleColor" {...register("style.color")}>
              {colorOptions.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="styleShape" label="Shape">
            <Select id="styleShape" {...register("style.shape")}>
              {shapeOptions.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="styleSize" label="Size">
            <Select id="styleSize" {...register("style.size")}>
              {sizeOptions.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="styleLabel" label="Label">
            <Select id="styleLabel" {...register("style.label")}>
              {labelOptions.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="rounded-lg border border-dashed border-gray-300 bg-gray-50 p-6">
          <p className="mb-3 text-xs font-medium tracking-wide text-gray-500 uppercase">Live preview</p>
          <div className="flex justify-center">
            <ButtonStylePreview style={style} />
          </div>
        </div>
      </Section>

      <Section
        title="URLs Configuration (Optional)"
        description="Where buyers go after paying or cancelling, and where your server hears about payments."
      >
        <Field id="successUrl" label="Success URL" error={errors.successUrl?.message}>
          <Input
            id="successUrl"
            type="url"
            placeholder="https://your-site.com/thank-you"
            {...invalid(errors.successUrl, "successUrl")}
            {...register("successUrl")}
          />
        </Field>
        <Field id="cancelUrl" label="Cancel URL" error={errors.cancelUrl?.message}>
          <Input
            id="cancelUrl"
            type="url"
            placeholder="https://your-site.com/cancelled"
            {...invalid(errors.cancelUrl, "cancelUrl")}
            {...register("cancelUrl")}
          />
        </Field>
        <Field id="webhookUrl" label="Webhook URL" error={errors.webhookUrl?.message}>
          <Input
            id="webhookUrl"
            type="url"
            placeholder="https://your-site.com/webhooks/popkit"
            {...invalid(errors.webhookUrl, "webhookUrl")}
            {...register("webhookUrl")}
          />
        </Field>
      </Section>

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
