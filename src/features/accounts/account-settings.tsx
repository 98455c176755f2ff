"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
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

/** The current, new and repeated password of a password change; the staff portal's form has the same three. */
export function ChangePasswordFields({ newPasswordHint }: { newPasswordHint: string }) {
  return (
    <>
      <FormField name="currentPassword" id="current-password" label="Current password" required>
        <PasswordInput autoComplete="current-password" />
      </FormField>
      <FormField name="newPassword" id="new-password" label="New password" required hint={newPasswordHint}>
        <PasswordInput autoComplete="new-password" />
      </FormField>
      <FormField name="confirmPassword" id="confirm-password" label="Confirm new password" required>
        <PasswordInput autoComplete="new-password" />
      </FormField>
    </>
  );
}

export function ChangePasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const change = api.merchant.account.changePassword.useMutation();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: emptyPasswords,
    reValidateMode: "onSubmit",
  });

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
    <SettingsCardForm
      form={form}
      save={async (values) => {
        const result = await change.mutateAsync(values);
        form.reset(emptyPasswords);
        return `Password changed. ${sessionsEnded(result.endedSessions)}`;
      }}
      failureMessage="Failed to change your password. Please try again."
      titleId="password-title"
      title="Change password"
      description="Your other sessions are signed out when it changes."
      labels={{ submit: "Change Password", busy: "Changing..." }}
    >
      <ChangePasswordFields newPasswordHint="At least 6 characters." />
    </SettingsCardForm>
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
