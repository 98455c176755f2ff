import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import { Field } from "~/components/ui/field";
import { PasswordInput } from "~/components/ui/password-input";
import { fieldErrorsOf, userMessageOf } from "~/trpc/react";

// What the staff portal's forms (users and own account) have in common.

/** Puts the server's field errors under their fields; returns the sentence for the form's red box. */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fallback: string) {
  for (const [field, messages] of Object.entries(fieldErrorsOf(error))) {
    if (field in form.getValues()) form.setError(field as Path<T>, { message: messages[0] });
  }
  return userMessageOf(error, fallback);
}

/** A password being set, with its rule as the hint. */
export function NewPasswordField({
  id,
  label,
  error,
  registration,
}: {
  id: string;
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id={id} label={label} required error={error} hint="At least 8 characters.">
      <PasswordInput id={id} autoComplete="new-password" aria-invalid={Boolean(error)} {...registration} />
    </Field>
  );
}
