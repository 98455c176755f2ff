"use client";

import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { Form, SubmitButton } from "~/components/ui/form";
import { useSavingForm, type SavingFormProps } from "~/components/saving-form";

/**
 * A card of an account settings page (a merchant's or a staff member's) holding one form: its title (and optional
 * description), its fields, the last save's outcome in a green or red box, then the submit button. `save` resolves to
 * the green box's sentence.
 */
export function SettingsCardForm<T extends FieldValues, TContext, TOut>({
  titleId,
  title,
  description,
  ...saving
}: SavingFormProps<T, TContext, TOut, string> & { titleId: string; title: string; description?: ReactNode }) {
  const { status, onSubmit } = useSavingForm(saving);
  const heading = (
    <h2 id={titleId} className="text-lg font-semibold text-gray-900">
      {title}
    </h2>
  );
  return (
    <Card className="p-6">
      <Form form={saving.form} onSubmit={onSubmit} className="space-y-4" aria-labelledby={titleId}>
        {description ? (
          <div>
            {heading}
            <p className="text-sm text-gray-600">{description}</p>
          </div>
        ) : (
          heading
        )}
        {saving.children}
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
        <SubmitButton busyLabel={saving.labels.busy}>{saving.labels.submit}</SubmitButton>
      </Form>
    </Card>
  );
}
