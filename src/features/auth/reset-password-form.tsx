"use client";

import Link from "next/link";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { fieldsFor, Form, setFieldErrors } from "~/components/ui/form";
import { PasswordInput } from "~/components/ui/password-input";
import { SubmitRow, useAuthForm } from "~/features/auth/auth-form-parts";
import { choosePasswordSchema, type ChoosePasswordInput } from "~/schemas/accounts";
import { api, fieldErrorsOf, userMessageOf } from "~/trpc/react";

const { FormField } = fieldsFor<ChoosePasswordInput>();

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = api.merchant.account.resetPassword.useMutation();
  const [isLinkUsedUp, setLinkUsedUp] = useState(false);
  const [isDone, setDone] = useState(false);
  const { form, formError, setFormError } = useAuthForm(choosePasswordSchema, { password: "", confirmPassword: "" });

  async function onSubmit(values: ChoosePasswordInput) {
    setFormError(null);
    try {
      await reset.mutateAsync({ token, ...values });
      setDone(true);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      setFieldErrors(form, fieldErrors);
      setLinkUsedUp(Object.keys(fieldErrors).length === 0);
      setFormError(userMessageOf(error, "Something went wrong. Please try again."));
    }
  }

  if (isDone) {
    return (
      <div className="space-y-4 text-center">
        <h1 className="text-2xl font-bold text-gray-900">Password changed</h1>
        <Alert tone="success">
          Your new password is set, and every session of your account was signed out. Sign in with the new password.
        </Alert>
        <Link href="/auth" className="text-brand-600 inline-block font-medium hover:underline">
          Sign in
        </Link>
      </div>
    );
  }

  return (
    <div className="w-full space-y-6">
      <div className="text-center">
        <h1 className="text-2xl font-bold text-gray-900">Choose a new password</h1>
        <p className="mt-1 text-sm text-gray-600">Setting it signs your account out everywhere.</p>
      </div>
      <Form form={form} onSubmit={onSubmit} className="space-y-4">
        <FormField name="password" label="New password" hint="At least 6 characters.">
          <PasswordInput autoComplete="new-password" />
        </FormField>
        <FormField name="confirmPassword" label="Confirm new password">
          <PasswordInput autoComplete="new-password" />
        </FormField>
        <SubmitRow formError={formError} label="Set new password" busyLabel="Saving..." />
      </Form>
      {isLinkUsedUp && (
        <p className="text-center text-sm">
          <Link href="/auth/forgot" className="text-brand-600 font-medium hover:underline">
            Ask for a new link
          </Link>
        </p>
      )}
    </div>
  );
}
