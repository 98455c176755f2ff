"use client";

import type { FieldValues } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Form, FormField, SubmitButton } from "~/components/ui/form";
import { PasswordInput } from "~/components/ui/password-input";
import { useSavingForm, type SavingFormProps } from "~/components/saving-form";

// What the staff portal's dialog forms (users and plans) have in common.

/**
 * A staff dialog's form: its fields, then the save's error (the server's field errors go under their fields), then
 * Cancel and submit.
 */
export function StaffDialogForm<T extends FieldValues, TContext, TOut>({
  onCancel,
  ...saving
}: SavingFormProps<T, TContext, TOut, void> & { onCancel(): void }) {
  const { status, onSubmit } = useSavingForm(saving);
  return (
    <Form form={saving.form} onSubmit={onSubmit} className="space-y-4">
      {saving.children}
      {status && <Alert>{status.text}</Alert>}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton busyLabel={saving.labels.busy}>{saving.labels.submit}</SubmitButton>
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
