import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type DefaultValues, type FieldValues } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { FormField, SubmitButton } from "~/components/ui/form";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";

/** The e-mail field of the merchant sign-in, sign-up and forgot-password forms. */
export function EmailField() {
  return (
    <FormField<{ email: string }> name="email" label="Email">
      <Input type="email" autoComplete="email" />
    </FormField>
  );
}

/** The password field of both sign-in forms. */
export function PasswordField({ autoComplete }: { autoComplete: "current-password" | "new-password" }) {
  return (
    <FormField<{ password: string }> name="password" label="Password">
      <PasswordInput autoComplete={autoComplete} />
    </FormField>
  );
}

/** The end of the sign-in and password forms: the form's own error, then the full-width submit button. */
export function SubmitRow({
  formError,
  label,
  busyLabel,
}: {
  formError: string | null;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {formError && <Alert>{formError}</Alert>}
      <SubmitButton className="w-full" busyLabel={busyLabel}>
        {label}
      </SubmitButton>
    </>
  );
}

/**
 * The form of a sign-in or password page, checked against `schema` on submit, and the sentence for its red box above
 * the submit button (see SubmitRow).
 */
export function useAuthForm<T extends FieldValues>(schema: z.ZodType<T, T>, defaultValues: DefaultValues<T>) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues, reValidateMode: "onSubmit" });
  return { form, formError, setFormError };
}
