"use client";

import { Controller, useFormContext } from "react-hook-form";
import { Card } from "~/components/ui/card";
import { FormField } from "~/components/ui/form";
import { Input } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import type { UpdateStoreSettingsInput } from "~/schemas/stores";

type ToggleName = "saleAlertsEnabled" | "dailyDigestEnabled";

const toggles: { name: ToggleName; label: string; description: string }[] = [
  { name: "saleAlertsEnabled", label: "Sale alerts", description: "An e-mail for every completed payment." },
  {
    name: "dailyDigestEnabled",
    label: "Daily digest",
    description: "Yesterday's revenue, sales, refunds and top POPs, every morning at 8 in your store's time zone.",
  },
];

/** Store Settings' "Email notifications" card: part of the settings form, saved with it. */
export function EmailNotificationsCard({ accountEmail }: { accountEmail: string }) {
  const form = useFormContext<UpdateStoreSettingsInput>();
  return (
    <Card className="space-y-4 p-6">
      <div>
        <h2 className="text-lg font-semibold text-gray-900">Email notifications</h2>
        <p className="text-sm text-gray-600">
          Sent to your account e-mail, {accountEmail}. Refunds and cancelled subscriptions are always e-mailed.
        </p>
      </div>
      {toggles.map((toggle) => (
        <Controller
          key={toggle.name}
          control={form.control}
          name={toggle.name}
          render={({ field }) => (
            <div className="flex items-start justify-between gap-4">
              <div>
                <p className="text-sm font-medium text-gray-700">{toggle.label}</p>
                <p className="text-xs text-gray-500">{toggle.description}</p>
              </div>
              <Switch
                label={toggle.label}
                checked={field.value ?? false}
                onToggle={() => field.onChange(!field.value)}
              />
            </div>
          )}
        />
      ))}
      <FormField<UpdateStoreSettingsInput>
        name="supportEmail"
        label="Support e-mail"
        hint="Shown to buyers on their receipts; their replies go here. Leave empty to use your account e-mail."
      >
        <Input type="email" autoComplete="email" placeholder={accountEmail} />
      </FormField>
    </Card>
  );
}
