"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, invalidProps, registerClearing } from "~/components/ui/field";
import { PasswordInput } from "~/components/ui/password-input";
import { ResendVerificationLink } from "~/features/account/verify-email-banner";
import { changePasswordSchema, type ChangePasswordInput } from "~/schemas/accounts";
import { api, fieldErrorsOf, userMessageOf, type RouterOutputs } from "~/trpc/react";

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

export function ChangePasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const change = api.merchant.account.changePassword.useMutation();
  const [status, setStatus] = useState<Status>(null);
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: emptyPasswords,
    reValidateMode: "onSubmit",
  });
  const { errors, isSubmitting } = form.formState;
  const register = registerClearing(form);

  async function onSubmit(values: ChangePasswordInput) {
    setStatus(null);
    try {
      const result = await change.mutateAsync(values);
      form.reset(emptyPasswords);
      setStatus({ tone: "success", text: `Password changed. ${sessionsEnded(result.endedSessions)}` });
    } catch (error) {
      for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
        if (field in emptyPasswords) form.setError(field as keyof ChangePasswordInput, { message: messages[0] });
      }
      setStatus({ tone: "error", text: userMessageOf(error, "Failed to change your password. Please try again.") });
    }
  }

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
    <Card className="p-6">
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4" aria-labelledby="password-title">
        <div>
          <h2 id="password-title" className="text-lg font-semibold text-gray-900">
            Change password
          </h2>
          <p className="text-sm text-gray-600">Your other sessions are signed out when it changes.</p>
        </div>
        <Field id="current-password" label="Current password" required error={errors.currentPassword?.message}>
          <PasswordInput
            id="current-password"
            autoComplete="current-password"
            {...invalidProps(errors.currentPassword, "current-password")}
            {...register("currentPassword")}
          />
        </Field>
        <Field
          id="new-password"
          label="New password"
          required
          error={errors.newPassword?.message}
          hint="At least 6 characters."
        >
          <PasswordInput
            id="new-password"
            autoComplete="new-password"
            {...invalidProps(errors.newPassword, "new-password")}
            {...register("newPassword")}
          />
        </Field>
        <Field id="confirm-password" label="Confirm new password" required error={errors.confirmPassword?.message}>
          <PasswordInput
            id="confirm-password"
            autoComplete="new-password"
            {...invalidProps(errors.confirmPassword, "confirm-password")}
            {...register("confirmPassword")}
          />
        </Field>
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Changing..." : "Change Password"}
        </Button>
      </form>
    </Card>
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
