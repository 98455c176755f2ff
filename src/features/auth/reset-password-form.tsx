"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Field, invalidProps, registerClearing } from "~/components/ui/field";
import { PasswordInput } from "~/components/ui/password-input";
import { SubmitRow } from "~/features/auth/auth-form-parts";
import { choosePasswordSchema, type ChoosePasswordInput } from "~/schemas/accounts";
import { api, fieldErrorsOf, userMessageOf } from "~/trpc/react";

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = api.merchant.account.resetPassword.useMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [isLinkUsedUp, setLinkUsedUp] = useState(false);
  const [isDone, setDone] = useState(false);
  const form = useForm<ChoosePasswordInput>({
    resolver: zodResolver(choosePasswordSchema),
    defaultValues: { password: "", confirmPassword: "" },
    reValidateMode: "onSubmit",
  });
  const { errors, isSubmitting } = form.formState;
  const register = registerClearing(form);

  async function onSubmit(values: ChoosePasswordInput) {
    setFormError(null);
    try {
      await reset.mutateAsync({ token, ...values });
      setDone(true);
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      for (const field of ["password", "confirmPassword"] as const) {
        if (fieldErrors[field]?.[0]) form.setError(field, { message: fieldErrors[field][0] });
      }
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
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
        <Field id="password" label="New password" error={errors.password?.message} hint="At least 6 characters.">
          <PasswordInput
            id="password"
            autoComplete="new-password"
            {...invalidProps(errors.password, "password")}
            {...register("password")}
          />
        </Field>
        <Field id="confirmPassword" label="Confirm new password" error={errors.confirmPassword?.message}>
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            {...invalidProps(errors.confirmPassword, "confirmPassword")}
            {...register("confirmPassword")}
          />
        </Field>
        <SubmitRow formError={formError} isSubmitting={isSubmitting} label="Set new password" busyLabel="Saving..." />
      </form>
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
