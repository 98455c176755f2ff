import type { UseFormRegisterReturn } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, invalidProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";

/** The e-mail field of the merchant sign-in, sign-up and forgot-password forms. */
export function EmailField({ error, registration }: { error?: string; registration: UseFormRegisterReturn }) {
  return (
    <Field id="email" label="Email" error={error}>
      <Input id="email" type="email" autoComplete="email" {...invalidProps(error, "email")} {...registration} />
    </Field>
  );
}

/** The password field of both sign-in forms, its error tied to it for screen readers. */
export function PasswordField({
  error,
  autoComplete,
  registration,
}: {
  error?: string;
  autoComplete: "current-password" | "new-password";
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field id="password" label="Password" error={error}>
      <PasswordInput id="password" autoComplete={autoComplete} {...invalidProps(error, "password")} {...registration} />
    </Field>
  );
}

/** The end of both sign-in forms: the form's own error, then the full-width submit button. */
export function SubmitRow({
  formError,
  isSubmitting,
  label,
  busyLabel,
}: {
  formError: string | null;
  isSubmitting: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {formError && <Alert>{formError}</Alert>}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? busyLabel : label}
      </Button>
    </>
  );
}
