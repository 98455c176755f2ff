"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/ui/field";
import { fieldsFor, Form, SubmitButton } from "~/components/ui/form";
import { FormSection } from "~/components/ui/form-section";
import { Input, Select } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { CopyButton } from "~/features/payment-buttons/copy-button";
import { apiKeyScopeLabels, createApiKeySchema, type CreateApiKeyInput } from "~/schemas/api-keys";
import { api, fieldErrorsOf, userMessageOf, type RouterOutputs } from "~/trpc/react";

type ApiKey = RouterOutputs["merchant"]["apiKeys"]["list"][number];
const { FormField } = fieldsFor<CreateApiKeyInput>();

/** Store Settings' "API keys" card: make a key (shown once), see when each was last used, revoke one. */
export function ApiKeysCard({ initial }: { initial: ApiKey[] }) {
  const utils = api.useUtils();
  const keys = api.merchant.apiKeys.list.useQuery(undefined, { initialData: initial });
  const create = api.merchant.apiKeys.create.useMutation();
  const revoke = api.merchant.apiKeys.revoke.useMutation();
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const form = useForm<CreateApiKeyInput, unknown, z.output<typeof createApiKeySchema>>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { name: "", scope: "read" },
  });

  async function submit(values: z.output<typeof createApiKeySchema>) {
    try {
      const made = await create.mutateAsync(values);
      setShown({ name: made.name, key: made.key });
      form.reset({ name: "", scope: "read" });
      await utils.merchant.apiKeys.list.invalidate();
    } catch (error) {
      const nameError = fieldErrorsOf(error).name?.[0];
      form.setError("name", { message: nameError ?? userMessageOf(error, "The key was not made. Please try again.") });
    }
  }

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ id: revoking.id });
      toast.success(`Revoked "${revoking.name}": it stops working at once.`);
      setRevoking(null);
      await utils.merchant.apiKeys.list.invalidate();
    } catch (error) {
      toast.error(userMessageOf(error, "The key was not revoked. Please try again."));
    }
  }

  const rows = keys.data ?? [];
  return (
    <FormSection
      title="API keys"
      description="Keys to Popkit's REST API (/api/v1) for your own systems: send one as Authorization: Bearer <key>. A read key reads your payments; a read and write key may change things. Popkit shows a key only once."
    >
      <Form form={form} onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <FormField name="name" id="apiKeyName" label="Name">
          <Input autoComplete="off" placeholder="Warehouse sync" maxLength={60} />
        </FormField>
        <FormField name="scope" id="apiKeyScope" label="Access">
          <Select options={Object.entries(apiKeyScopeLabels)} />
        </FormField>
        <SubmitButton variant="secondary" busyLabel="Creating...">
          Create key
        </SubmitButton>
      </Form>

      {shown && (
        <div className="space-y-2">
          <Field id="apiKeyShown" label={`Your new key "${shown.name}"`}>
            <div className="flex gap-2">
              <Input
                id="apiKeyShown"
                readOnly
                value={shown.key}
                className="font-mono"
                onFocus={(e) => e.target.select()}
              />
              <CopyButton text={shown.key} label="Copy" srDetail=" API key" size="md" />
            </div>
          </Field>
          <Alert tone="info">Copy it now and keep it on your server: it will not be shown again.</Alert>
        </div>
      )}

      {rows.length === 0 ? (
        <p className="text-sm text-gray-600">No API keys yet.</p>
      ) : (
        <ul aria-label="API keys" className="divide-y divide-gray-100 border-t border-gray-100">
          {rows.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
              <span className="min-w-0 space-y-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-gray-900">{key.name}</span>
                  <Badge tone={key.revokedAt ? "gray" : key.scope === "write" ? "yellow" : "blue"}>
                    {key.revokedAt ? "Revoked" : apiKeyScopeLabels[key.scope]}
                  </Badge>
                </span>
                <span className="block text-xs text-gray-600">
                  <span className="font-mono">{key.prefix}…</span> · created <DateTime value={key.createdAt} /> ·{" "}
                  {key.lastUsedAt ? (
                    <>
                      last used <DateTime value={key.lastUsedAt} />
                    </>
                  ) : (
                    "never used"
                  )}
                </span>
              </span>
              {!key.revokedAt && (
                <Button variant="secondary" size="sm" onClick={() => setRevoking(key)}>
                  Revoke<span className="sr-only"> {key.name}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Revoke "${revoking?.name ?? ""}"?`}
        description="Requests with this key are refused at once. This cannot be undone."
        confirmLabel="Revoke key"
        busyLabel="Revoking..."
        isBusy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
      />
    </FormSection>
  );
}
