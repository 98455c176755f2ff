"use client";

import { useState, type ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { Form, setFieldErrors, SubmitButton } from "~/components/ui/form";
import { fieldErrorsOf, userMessageOf } from "~/trpc/react";

type Status = { tone: "success" | "error"; text: string } | null;

/**
 * A card of an account settings page (a merchant's or a staff member's) holding one form: its title (and optional
 * description), its fields, the last save's outcome in a green or red box, then the submit button. The server's field
 * errors go under their fields.
 */
export function SettingsCardForm<T extends FieldValues, TContext, TOut>({
  form,
  save,
  failureMessage,
  titleId,
  title,
  description,
  labels,
  children,
}: {
  form: UseFormReturn<T, TContext, TOut>;
  /** Resolves to the green box's sentence once saved; throws the tRPC error otherwise. */
  save(values: TOut): Promise<string>;
  /** The red box's sentence when the server gives no message of its own. */
  failureMessage: string;
  titleId: string;
  title: string;
  description?: ReactNode;
  labels: { submit: string; busy: string };
  children: ReactNode;
}) {
  const [status, setStatus] = useState<Status>(null);

  async function onSubmit(values: TOut) {
    setStatus(null);
    try {
      setStatus({ tone: "success", text: await save(values) });
    } catch (error) {
      setFieldErrors(form, fieldErrorsOf(error));
      setStatus({ tone: "error", text: userMessageOf(error, failureMessage) });
    }
  }

  const heading = (
    <h2 id={titleId} className="text-lg font-semibold text-gray-900">
      {title}
    </h2>
  );
  return (
    <Card className="p-6">
      <Form form={form} onSubmit={onSubmit} className="space-y-4" aria-labelledby={titleId}>
        {description ? (
          <div>
            {heading}
            <p className="text-sm text-gray-600">{description}</p>
          </div>
        ) : (
          heading
        )}
        {children}
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
        <SubmitButton busyLabel={labels.busy}>{labels.submit}</SubmitButton>
      </Form>
    </Card>
  );
}
