"use client";

import { useState, type ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { setFieldErrors } from "~/components/ui/form";
import { fieldErrorsOf, userMessageOf } from "~/trpc/react";

/** A form whose submit saves through the API, and its submit button's labels. */
export type SavingFormProps<T extends FieldValues, TContext, TOut, TSaved> = {
  form: UseFormReturn<T, TContext, TOut>;
  /** Resolves once saved; throws the tRPC error otherwise. */
  save(values: TOut): Promise<TSaved>;
  /** The red box's sentence when the server gives no message of its own. */
  failureMessage: string;
  labels: { submit: string; busy: string };
  children: ReactNode;
};

export type SaveStatus = { tone: "success" | "error"; text: string } | null;

/**
 * The submit handler of a saving form and the box it shows: cleared on submit, then the sentence `save` resolves to
 * (green) if any, or the server's (red) with its field errors put under their fields.
 */
export function useSavingForm<T extends FieldValues, TContext, TOut>({
  form,
  save,
  failureMessage,
}: Pick<SavingFormProps<T, TContext, TOut, string | void>, "form" | "save" | "failureMessage">) {
  const [status, setStatus] = useState<SaveStatus>(null);
  async function onSubmit(values: TOut) {
    setStatus(null);
    try {
      const saved = await save(values);
      if (saved) setStatus({ tone: "success", text: saved });
    } catch (error) {
      setFieldErrors(form, fieldErrorsOf(error));
      setStatus({ tone: "error", text: userMessageOf(error, failureMessage) });
    }
  }
  return { status, onSubmit };
}
