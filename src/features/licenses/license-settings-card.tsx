"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useController, useForm, type Resolver } from "react-hook-form";
import type { z } from "zod";
import { useSavingForm } from "~/components/saving-form";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { Form, SubmitButton } from "~/components/ui/form";
import { Switch } from "~/components/ui/switch";
import { LicensePoolImport } from "~/features/licenses/license-pool-import";
import { licenseFieldId, LicensePolicyFields } from "~/features/licenses/license-settings-fields";
import { licensePolicySchema, type LicensePolicyInput } from "~/schemas/licenses";
import { api, type RouterOutputs } from "~/trpc/react";

type LicenseSettings = RouterOutputs["merchant"]["licenses"]["settings"];
type LicensePolicyValues = z.output<typeof licensePolicySchema>;

function formValues(settings: LicenseSettings): LicensePolicyInput {
  const { buttonId, enabled, activationLimit, expiry, expiryDays, keyPrefix } = settings;
  return { buttonId, enabled, activationLimit, expiry, expiryDays, keyPrefix };
}

const policyResolver = zodResolver(licensePolicySchema);

/** Turning keys off keeps no settings (the server removes them): fields hidden by the switch cannot block that save. */
const resolver: Resolver<LicensePolicyInput, unknown, LicensePolicyValues> = (values, context, options) =>
  policyResolver(
    values.enabled
      ? values
      : {
          buttonId: values.buttonId,
          enabled: false,
          activationLimit: 1,
          expiry: "never",
          expiryDays: null,
          keyPrefix: "",
        },
    context,
    options,
  );

/**
 * A POP's "License keys" card: whether its buyers get keys, under which policy, and its pool of imported keys. The
 * page reads the settings on the server, so the first paint shows them; a sell page shows one card per bundle.
 */
export function LicenseSettingsCard({ initial, title = "License keys" }: { initial: LicenseSettings; title?: string }) {
  const { buttonId } = initial;
  const titleId = licenseFieldId(buttonId, "title");
  const utils = api.useUtils();
  const save = api.merchant.licenses.save.useMutation();
  const { data: settings } = api.merchant.licenses.settings.useQuery({ buttonId }, { initialData: initial });
  const form = useForm<LicensePolicyInput, unknown, LicensePolicyValues>({
    resolver,
    defaultValues: formValues(initial),
    reValidateMode: "onSubmit",
  });
  const { field: issuing } = useController({ control: form.control, name: "enabled" });
  const isOn = issuing.value;
  const { status, onSubmit } = useSavingForm({
    form,
    save: async (values) => {
      const saved = await save.mutateAsync(values);
      utils.merchant.licenses.settings.setData({ buttonId }, saved);
      form.reset(formValues(saved));
      return saved.enabled ? "License settings saved." : "License keys turned off. Keys already issued keep working.";
    },
    failureMessage: "Failed to save the license settings. Please try again.",
  });

  return (
    <Card role="region" aria-labelledby={titleId} className="space-y-4 p-6">
      <Form form={form} onSubmit={onSubmit} className="space-y-4">
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
          <p className="text-sm text-gray-600">
            Each buyer gets one key per unit bought, in the receipt, on the thank-you page and in their portal; your
            software checks keys with the License API.
          </p>
        </div>
        <div className="flex items-center justify-between gap-4 rounded-lg border border-gray-200 p-3">
          <p className="text-sm font-medium text-gray-900">Issue license keys</p>
          <Switch label="Issue license keys" checked={isOn} onToggle={() => issuing.onChange(!isOn)} />
        </div>
        {isOn ? (
          <LicensePolicyFields buttonId={buttonId} isSubscription={settings.isSubscription} />
        ) : (
          (settings.enabled || settings.issued > 0) && (
            <p className="text-sm text-gray-600">
              New buyers get no keys while this is off. Keys already issued keep working.
            </p>
          )
        )}
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
        {(isOn || settings.enabled) && <SubmitButton busyLabel="Saving...">Save license settings</SubmitButton>}
      </Form>
      {isOn && settings.enabled && <LicensePoolImport settings={settings} />}
    </Card>
  );
}
