"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { fieldsFor } from "~/components/ui/form";
import { PasswordInput } from "~/components/ui/password-input";
import { SettingsCardForm } from "~/features/accounts/settings-card-form";
import { ResendVerificationLink } from "~/features/accounts/verify-email-banner";
import { changePasswordSchema, type ChangePasswordInput } from "~/schemas/accounts";
import { api, userMessageOf, type RouterOutputs } from "~/trpc/react";

type Status = { tone: "success" | "error"; text: string } | null;
type AccountStatus = RouterOutputs["merchant"]["account"]["status"];

const sessionsEnded = (count: number) =>
  count === 0 ? "No other session was signed in." : `Signed out of ${count} other session${count === 1 ? "" : "s"}.`;

export function EmailCard({ status }: { status: AccountStatus }) {
  return (
    <Card className="space-y-3 p-6">
      <h2 className="text-lg font-semibold text-gray-900">E-mail address</h2>
      <p className="flex flex-wrap items-center gap-2 text-sm text-gray-900">
        {status.email}
        {status.isEmailVerified ? <Badge tone="green">Verified</Badge> : <Badge tone="yellow">Not verified</Badge>}
      </p>
      {!status.isEmailVerified && (
        <p className="text-sm text-gray-600">
          We sent a verification link to this address. <ResendVerificationLink />
        </p>
      )}
    </Card>
  );
}

const emptyPasswords: ChangePasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

const { FormField } = fieldsFor<ChangePasswordInput>();

/**
 * The 'Change password' card of the merchant's and the staff member's account settings: current, new and repeated
 * password, checked against `schema` (the two differ in the new password's rule, told by `newPasswordHint`). `change`
 * resolves to the green box's sentence; the fields are then emptied.
 */
export function PasswordChangeForm({
  schema,
  change,
  newPasswordHint,
  description,
}: {
  schema: z.ZodType<ChangePasswordInput, ChangePasswordInput>;
  change(values: ChangePasswordInput): Promise<string>;
  newPasswordHint: string;
  description?: string;
}) {
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(schema),
    defaultValues: emptyPasswords,
    reValidateMode: "onSubmit",
  });

  return (
    <SettingsCardForm
      form={form}
      save={async (values) => {
        const changed = await change(values);
        form.reset(emptyPasswords);
        return changed;
      }}
      failureMessage="Failed to change your password. Please try again."
      titleId="password-title"
      title="Change password"
      description={description}
      labels={{ submit: "Change Password", busy: "Changing..." }}
    >
      <FormField name="currentPassword" id="current-password" label="Current password" required>
        <PasswordInput autoComplete="current-password" />
      </FormField>
      <FormField name="newPassword" id="new-password" label="New password" required hint={newPasswordHint}>
        <PasswordInput autoComplete="new-password" />
      </FormField>
      <FormField name="confirmPassword" id="confirm-password" label="Confirm new password" required>
        <PasswordInput autoComplete="new-password" />
      </FormField>
    </SettingsCardForm>
  );
}

export function ChangePasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const change = api.merchant.account.changePassword.useMutation();

  if (!hasPassword) {
    return (
      <Card className="space-y-2 p-6">
        <h2 className="text-lg font-semibold text-gray-900">Password</h2>
        <p className="text-sm text-gray-600">
          You sign in with Google. To add a password, sign out and use &apos;Forgot password?&apos; on the sign-in page.
        </p>
      </Card>
    );
  }

  return (
    <PasswordChangeForm
      schema={changePasswordSchema}
      change={async (values) => {
        const result = await change.mutateAsync(values);
        return `Password changed. ${sessionsEnded(result.endedSessions)}`;
      }}
      newPasswordHint="At least 6 characters."
      description="Your other sessions are signed out when it changes."
    />
  );
}

export function SessionsCard() {
  const signOutOthers = api.merchant.account.signOutOtherSessions.useMutation();
  const [status, setStatus] = useState<Status>(null);

  async function endOthers() {
    setStatus(null);
    try {
      const result = await signOutOthers.mutateAsync();
      setStatus({ tone: "success", text: sessionsEnded(result.endedSessions) });
    } catch (error) {
      setStatus({ tone: "error", text: userMessageOf(error, "Failed to sign out the other sessions.") });
    }
  }

  return (
    <Card className="space-y-4 p-6">
      <div>
        <h2 className="text-lg font-semibold text-gray-900">Sessions</h2>
        <p className="text-sm text-gray-600">
          Signed in on another computer or phone you no longer use? End those sessions; this one stays signed in.
        </p>
      </div>
      {status && <Alert tone={status.tone}>{status.text}</Alert>}
      <Button variant="secondary" onClick={() => void endOthers()} disabled={signOutOthers.isPending}>
        {signOutOthers.isPending ? "Signing out..." : "Sign out of all other sessions"}
      </Button>
    </Card>
  );
}
