"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button, buttonClasses } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/ui/field";
import { Form, FormField } from "~/components/ui/form";
import { FormSection } from "~/components/ui/form-section";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { CopyButton } from "~/features/payment-buttons/copy-button";
import { updateWebhookUrlSchema, type UpdateWebhookUrlInput } from "~/schemas/merchant-webhooks";
import { api, fieldErrorsOf, userMessageOf, type RouterOutputs } from "~/trpc/react";
import { TestEventButton } from "./test-event-button";

type Settings = RouterOutputs["merchant"]["webhooks"]["getSettings"];

export const DELIVERY_LOG_HREF = "/dashboard/settings/webhooks";

/** Store Settings' "Webhooks" card: the store URL, the signing secret (shown once) and a test event. */
export function WebhookSettingsCard({ initial }: { initial: Settings }) {
  const [settings, setSettings] = useState(initial);
  const [shownSecret, setShownSecret] = useState<string | null>(null);
  const [isConfirmingRotate, setIsConfirmingRotate] = useState(false);
  const saveUrl = api.merchant.webhooks.updateUrl.useMutation();
  const rotate = api.merchant.webhooks.rotateSecret.useMutation();
  const form = useForm<UpdateWebhookUrlInput>({
    resolver: zodResolver(updateWebhookUrlSchema),
    defaultValues: { url: initial.url },
    reValidateMode: "onSubmit",
  });
  const { isSubmitting, isDirty } = form.formState;

  async function onSubmit(values: UpdateWebhookUrlInput) {
    try {
      const saved = await saveUrl.mutateAsync(values);
      setSettings(saved);
      form.reset({ url: saved.url });
      toast.success(saved.url ? "Webhook URL saved." : "Webhook URL removed.");
    } catch (error) {
      const message = fieldErrorsOf(error).url?.[0] ?? userMessageOf(error, "Failed to save the webhook URL.");
      form.setError("url", { message });
    }
  }

  async function generateSecret() {
    try {
      const { secret, secretCreatedAt } = await rotate.mutateAsync();
      setShownSecret(secret);
      setSettings((current) => ({ ...current, hasSecret: true, secretCreatedAt }));
      setIsConfirmingRotate(false);
    } catch (error) {
      toast.error(userMessageOf(error, "Failed to create a signing secret. Please try again."));
    }
  }

  return (
    <FormSection
      title="Webhooks"
      description="Popkit sends a signed JSON event to this URL for every payment, refund and subscription change of your store (Standard Webhooks format). A button's or page's own Webhook URL receives its events too, signed with the same secret."
    >
      <Form form={form} onSubmit={onSubmit} className="space-y-3">
        <FormField<UpdateWebhookUrlInput>
          name="url"
          id="webhookUrl"
          label="Webhook URL"
          hint="Leave empty to stop sending events to a store-wide URL."
        >
          <Input type="url" inputMode="url" autoComplete="off" placeholder="https://example.com/webhooks/popkit" />
        </FormField>
        <Button type="submit" variant="secondary" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? "Saving..." : "Save URL"}
        </Button>
      </Form>

      <div className="space-y-3 border-t border-gray-100 pt-4">
        <h3 className="text-sm font-semibold text-gray-900">Signing secret</h3>
        {settings.hasSecret ? (
          <p className="text-sm text-gray-600">
            Created {settings.secretCreatedAt ? <DateTime value={settings.secretCreatedAt} /> : "earlier"}. Popkit shows
            a secret only once; rotate it to get a new one.
          </p>
        ) : (
          <Alert tone="warning">
            No signing secret yet. Events are sent only once you generate one, to this URL and to your buttons&apos; and
            pages&apos; Webhook URLs.
          </Alert>
        )}
        {shownSecret && (
          <div className="space-y-2">
            <Field id="webhookSecret" label="Your new signing secret">
              <div className="flex gap-2">
                <Input
                  id="webhookSecret"
                  readOnly
                  value={shownSecret}
                  className="font-mono"
                  onFocus={(e) => e.target.select()}
                />
                <CopyButton text={shownSecret} label="Copy" srDetail=" signing secret" size="md" />
              </div>
            </Field>
            <Alert tone="info">
              Copy it now and store it on your server: it will not be shown again. Events are signed with it from now
              on.
            </Alert>
          </div>
        )}
        <Button
          variant="secondary"
          disabled={rotate.isPending}
          onClick={() => (settings.hasSecret ? setIsConfirmingRotate(true) : void generateSecret())}
        >
          {rotate.isPending && !isConfirmingRotate
            ? "Generating..."
            : settings.hasSecret
              ? "Rotate secret"
              : "Generate secret"}
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-3 border-t border-gray-100 pt-4">
        <TestEventButton />
        <Link href={DELIVERY_LOG_HREF} className={buttonClasses("ghost")}>
          View delivery log
        </Link>
      </div>

      <ConfirmDialog
        open={isConfirmingRotate}
        onClose={() => setIsConfirmingRotate(false)}
        title="Rotate the signing secret?"
        description="The current secret stops working at once: events signed from now on verify only with the new one. Update your server right after."
        confirmLabel="Rotate secret"
        busyLabel="Rotating..."
        tone="primary"
        isBusy={rotate.isPending}
        onConfirm={() => void generateSecret()}
      />
    </FormSection>
  );
}
