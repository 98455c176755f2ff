"use client";

import Link from "next/link";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Form, setFieldErrors } from "~/components/ui/form";
import { EmailField, SubmitRow, useAuthForm } from "~/features/auth/auth-form-parts";
import { requestPasswordResetSchema, type RequestPasswordResetInput } from "~/schemas/accounts";
import { api, fieldErrorsOf, userMessageOf } from "~/trpc/react";

/** The same sentence whether or not the e-mail has an account: the page must not tell which e-mails do. */
export const resetRequestedMessage = "If an account exists for that e-mail, we've sent a link to reset its password.";

export function ForgotPasswordForm() {
  const request = api.merchant.account.requestPasswordReset.useMutation();
  const [isSent, setSent] = useState(false);
  const { form, formError, setFormError } = useAuthForm(requestPasswordResetSchema, { email: "" });

  async function onSubmit(values: RequestPasswordResetInput) {
    setFormError(null);
    try {
      await request.mutateAsync(values);
      setSent(true);
    } catch (error) {
      setFieldErrors(form, fieldErrorsOf(error));
      setFormError(userMessageOf(error, "Something went wrong. Please try again."));
    }
  }

  return (
    <div className="w-full space-y-6">
      <div className="text-center">
        <h1 className="text-2xl font-bold text-gray-900">Reset your password</h1>
        <p className="mt-1 text-sm text-gray-600">Enter your account&apos;s e-mail and we&apos;ll send you a link.</p>
      </div>
      {isSent ? (
        <Alert tone="success">{resetRequestedMessage}</Alert>
      ) : (
        <Form form={form} onSubmit={onSubmit} className="space-y-4">
          <EmailField />
          <SubmitRow formError={formError} label="Send reset link" busyLabel="Sending..." />
        </Form>
      )}
      <p className="text-center text-sm">
        <Link href="/auth" className="text-brand-600 font-medium hover:underline">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
