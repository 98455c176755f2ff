"use client";

import { useState, type ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Form, FormField, setFieldErrors, SubmitButton } from "~/components/ui/form";
import { PasswordInput } from "~/components/ui/password-input";
import { fieldErrorsOf, userMessageOf } from "~/trpc/react";

// What the staff portal's forms (users, plans and own account) have in common.

/** Puts the server's field errors under their fields; returns the sentence for the form's red box. */
export function applyServerErrors<T extends FieldValues, TContext, TOut>(
  form: UseFormReturn<T, TContext, TOut>,
  error: unknown,
  fallback: string,
) {
  setFieldErrors(form, fieldErrorsOf(error));
  return userMessageOf(error, fallback);
}

/**
 * A staff dialog's form: its fields, then the save's error (the server's field errors go under their fields), then
 * Cancel and submit.
 */
export function StaffDialogForm<T extends FieldValues, TContext, TOut>({
  form,
  save,
  failureMessage,
  onCancel,
  labels,
  children,
}: {
  form: UseFormReturn<T, TContext, TOut>;
  /** Resolves once saved; throws the tRPC error otherwise. */
  save(values: TOut): Promise<void>;
  failureMessage: string;
  onCancel(): void;
  labels: { submit: string; busy: string };
  children: ReactNode;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  async function onSubmit(values: TOut) {
    setFormError(null);
    try {
      await save(values);
    } catch (error) {
      setFormError(applyServerErrors(form, error, failureMessage));
    }
  }
  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-4">
      {children}
      {formError && <Alert>{formError}</Alert>}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton busyLabel={labels.busy}>{labels.submit}</SubmitButton>
      </div>
    </Form>
  );
}

/** A staff password being set (the form's `password` field), with its rule as the hint. */
export function NewPasswordField({ id, label }: { id: string; label: string }) {
  return (
    <FormField<{ password: string }> name="password" id={id} label={label} required hint="At least 8 characters.">
      <PasswordInput autoComplete="new-password" />
    </FormField>
  );
}
