"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { fieldsFor, Form, setFieldErrors, SubmitButton } from "~/components/ui/form";
import { Input, Select, Textarea } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import { TestCredentialsNotice, type TestCredentialsResult } from "~/features/stores/test-credentials";
import { EmailNotificationsCard } from "~/features/stores/email-notifications-card";
import { UploadField } from "~/components/upload-field";
import {
  isValidTimeZone,
  timeZoneNames,
  updateStoreSettingsSchema,
  type UpdateStoreSettingsInput,
} from "~/schemas/stores";
import { api, fieldErrorsOf, userMessageOf, type RouterOutputs } from "~/trpc/react";

type Settings = RouterOutputs["merchant"]["store"]["get"];

const { FormField } = fieldsFor<UpdateStoreSettingsInput>();

const environmentOptions = [
  ["sandbox", "Sandbox (test payments)"],
  ["live", "Live (real payments)"],
] as const;

function toFormValues(settings: Settings): UpdateStoreSettingsInput {
  return {
    storeName: settings.storeName,
    description: settings.description,
    websiteUrl: settings.websiteUrl,
    paypalClientId: settings.paypalClientId,
    paypalSecret: "",
    paypalEnvironment: settings.paypalEnvironment,
    paypalWebhookId: settings.paypalWebhookId,
    timeZone: settings.timeZone ?? "",
    saleAlertsEnabled: settings.saleAlertsEnabled,
    dailyDigestEnabled: settings.dailyDigestEnabled,
    supportEmail: settings.supportEmail,
  };
}

/** Where the merchant verifies their e-mail and changes their password. */
export const ACCOUNT_HREF = "/dashboard/settings/account";

const noSubscription = () => () => {};

/**
 * The browser's zone list, or null while rendering on the server: the server's ICU data may name zones
 * differently (Asia/Calcutta vs Asia/Kolkata), so the list is only built where the merchant's browser runs.
 */
function useTimeZoneNames() {
  return useSyncExternalStore(noSubscription, timeZoneNames, () => null);
}

/** Where the merchant is now, as their browser reports it; UTC when the browser's answer is not a usable zone. */
function browserTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : "UTC";
}

export function StoreSettingsForm({
  initial,
  canUseTestCredentials = false,
}: {
  initial: Settings;
  /** The app's PayPal sandbox is the local simulator: 'Use test credentials' is offered (the server checks again). */
  canUseTestCredentials?: boolean;
}) {
  const utils = api.useUtils();
  const connectTestCredentials = api.merchant.store.connectTestCredentials.useMutation();
  const [testCredentials, setTestCredentials] = useState<TestCredentialsResult | { error: string } | null>(null);
  const [hasSecret, setHasSecret] = useState(initial.hasPaypalSecret);
  const [logoUrl, setLogoUrl] = useState(initial.logoUrl);
  const setLogo = api.merchant.store.setLogo.useMutation();
  const removeLogo = api.merchant.store.removeLogo.useMutation();
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const save = api.merchant.store.update.useMutation();
  const form = useForm<UpdateStoreSettingsInput>({
    resolver: zodResolver(updateStoreSettingsSchema),
    defaultValues: toFormValues(initial),
    reValidateMode: "onSubmit",
  });
  const zoneNames = useTimeZoneNames();
  const hasSavedZone = Boolean(initial.timeZone);
  const [isEmailVerified, setIsEmailVerified] = useState(initial.isEmailVerified);
  const isLive = useWatch({ control: form.control, name: "paypalEnvironment" }) === "live";

  // No zone saved yet: propose the browser's. Only after hydration, where the browser's answer is known.
  useEffect(() => {
    if (!hasSavedZone) form.resetField("timeZone", { defaultValue: browserTimeZone() });
  }, [form, hasSavedZone]);

  useEffect(() => {
    if (!status || status.tone !== "success") return;
    const timer = setTimeout(() => setStatus(null), 4000);
    return () => clearTimeout(timer);
  }, [status]);

  /** Saved at once by the server; the form shows them as saved and keeps any other edits not yet saved. */
  async function applyTestCredentials() {
    setTestCredentials(null);
    try {
      const result = await connectTestCredentials.mutateAsync();
      const saved = result.settings;
      setHasSecret(saved.hasPaypalSecret);
      form.resetField("paypalClientId", { defaultValue: saved.paypalClientId });
      form.resetField("paypalSecret", { defaultValue: "" });
      form.resetField("paypalEnvironment", { defaultValue: saved.paypalEnvironment });
      utils.merchant.store.get.setData(undefined, saved);
      setTestCredentials(result);
    } catch (error) {
      setTestCredentials({ error: userMessageOf(error, "Failed to create test credentials. Please try again.") });
    }
  }

  async function onSubmit(values: UpdateStoreSettingsInput) {
    setStatus(null);
    try {
      const saved = await save.mutateAsync(values);
      setHasSecret(saved.hasPaypalSecret);
      setIsEmailVerified(saved.isEmailVerified);
      form.reset(toFormValues(saved));
      utils.merchant.store.get.setData(undefined, saved);
      setStatus({ tone: "success", text: "Settings saved." });
    } catch (error) {
      setFieldErrors(form, fieldErrorsOf(error));
      setStatus({ tone: "error", text: userMessageOf(error, "Failed to save settings. Please try again.") });
    }
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-6">
      <Card className="space-y-4 p-6">
        <h2 className="text-lg font-semibold text-gray-900">Store</h2>
        <FormField name="storeName" label="Store Name" required>
          <Input />
        </FormField>
        <UploadField
          id="storeLogo"
          label="Store Logo"
          endpoint="merchantLogo"
          hint="Recommended 200x200 px, PNG or JPG, up to 2MB."
          preview={
            logoUrl ? (
              // eslint-disable-next-line @next/next/no-img-element -- user uploads live on the storage host
              <img
                src={logoUrl}
                alt="Store logo"
                className="h-16 w-16 rounded-lg border border-gray-200 object-cover"
              />
            ) : null
          }
          onUploaded={async (file) => setLogoUrl((await setLogo.mutateAsync({ fileId: file.fileId })).logoUrl)}
          onRemove={async () => setLogoUrl((await removeLogo.mutateAsync()).logoUrl)}
        />
        <FormField name="description" label="Store Description">
          <Textarea rows={3} />
        </FormField>
        <FormField name="websiteUrl" label="Website URL">
          <Input type="url" placeholder="https://example.com" />
        </FormField>
        <FormField
          name="timeZone"
          label="Time zone"
          hint="Dates and times on your dashboard are shown in this time zone."
          render={({ value = "", ...control }) => {
            const names = zoneNames ?? [];
            const options = value && !names.includes(value) ? [value, ...names] : names;
            return (
              <Select {...control} value={value}>
                {!value && <option value="">Detecting your time zone...</option>}
                {options.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </Select>
            );
          }}
        />
      </Card>

      <Card className="space-y-4 p-6">
        <div>
          <h2 className="text-lg font-semibold text-gray-900">PayPal credentials</h2>
          <p className="text-sm text-gray-600">
            From your PayPal developer dashboard (Apps &amp; Credentials). The client ID pre-fills new buttons; the
            secret lets Popkit create and verify payments and is stored encrypted.
          </p>
        </div>
        <FormField
          name="paypalEnvironment"
          label="Environment"
          hint={
            isLive && !isEmailVerified ? (
              <>
                Live payments need a verified e-mail address.{" "}
                <Link href={ACCOUNT_HREF} className="text-brand-700 font-medium hover:underline">
                  Verify it in Account and password
                </Link>
                .
              </>
            ) : undefined
          }
        >
          <Select options={environmentOptions} />
        </FormField>
        <FormField name="paypalClientId" label="PayPal Client ID">
          <Input autoComplete="off" />
        </FormField>
        <FormField
          name="paypalSecret"
          label="PayPal Secret"
          hint={
            hasSecret
              ? "A secret is saved. Leave empty to keep it, or enter a new one to replace it."
              : "No secret saved yet."
          }
        >
          <PasswordInput autoComplete="new-password" placeholder={hasSecret ? "•••••••• (saved)" : ""} />
        </FormField>
        {hasSecret && <p className="text-sm font-medium text-green-700">PayPal secret saved</p>}
        {canUseTestCredentials && !isLive && (
          <div className="space-y-3 rounded-lg border border-dashed border-gray-300 p-4">
            <p className="text-sm text-gray-700">
              This Popkit runs with the local PayPal sandbox. Instead of an app from PayPal&apos;s developer dashboard,
              you can use a client ID and secret made for it, saved at once.
            </p>
            <Button
              variant="secondary"
              disabled={connectTestCredentials.isPending}
              onClick={() => void applyTestCredentials()}
            >
              {connectTestCredentials.isPending ? "Creating..." : "Use test credentials"}
            </Button>
            {testCredentials &&
              ("error" in testCredentials ? (
                <Alert>{testCredentials.error}</Alert>
              ) : (
                <TestCredentialsNotice result={testCredentials} />
              ))}
          </div>
        )}
        <FormField
          name="paypalWebhookId"
          label="PayPal Webhook ID"
          hint={
            <>
              Register <span className="font-mono break-all">{initial.paypalWebhookUrl}</span> as a webhook in your
              PayPal app, then paste the webhook ID PayPal shows. Popkit uses it to verify refunds and subscription
              changes.
            </>
          }
        >
          <Input autoComplete="off" />
        </FormField>
      </Card>

      <EmailNotificationsCard accountEmail={initial.accountEmail} />

      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <SubmitButton busyLabel="Saving...">Save Settings</SubmitButton>
    </Form>
  );
}
