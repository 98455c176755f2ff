"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { usePortalAction } from "~/features/portal/use-portal-action";
import { billingDetailsSchema, type BillingDetailsInput } from "~/schemas/invoices";

const fields = [
  ["name", "Name", 200],
  ["company", "Company", 200],
  ["vatId", "VAT id", 32],
] as const;

/**
 * The buyer's billing details on the invoice. Saving issues a new version of the invoice that says which one it
 * replaces; issued versions never change, and both stay downloadable.
 */
export function BillingDetailsForm({ paymentId, initial }: { paymentId: string; initial: BillingDetailsInput }) {
  const router = useRouter();
  const id = useId();
  const [values, setValues] = useState<BillingDetailsInput>(initial);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const save = usePortalAction<{ version: number; number: string }>(`/api/portal/payments/${paymentId}/billing`);
  const set = (key: keyof BillingDetailsInput) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  return (
    <form
      aria-label="Billing details"
      className="space-y-3"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const parsed = billingDetailsSchema.safeParse(values);
        if (!parsed.success) {
          setNotice({ tone: "error", text: parsed.error.issues[0]?.message ?? "Please check the details." });
          return;
        }
        const outcome = await save.run(parsed.data);
        setNotice(
          outcome.ok
            ? { tone: "success", text: `Invoice ${outcome.data.number} version ${outcome.data.version} is issued.` }
            : { tone: "error", text: outcome.message },
        );
        if (outcome.ok) router.refresh();
      }}
    >
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {fields.map(([key, label, max]) => (
        <Field key={key} id={`${id}-${key}`} label={label}>
          <Input id={`${id}-${key}`} maxLength={max} value={values[key] ?? ""} onChange={set(key)} />
        </Field>
      ))}
      <Field id={`${id}-address`} label="Address">
        <Textarea
          id={`${id}-address`}
          rows={3}
          maxLength={500}
          value={values.address ?? ""}
          onChange={set("address")}
        />
      </Field>
      <Button type="submit" disabled={save.isBusy}>
        {save.isBusy ? "Issuing..." : "Issue corrected invoice"}
      </Button>
    </form>
  );
}
