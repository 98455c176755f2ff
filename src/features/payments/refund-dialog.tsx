"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Undo2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { fieldsFor, Form, SubmitButton } from "~/components/ui/form";
import { Input, Select, Textarea } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { refundableAmount, refundableLineAmount } from "~/lib/ledger";
import { formatMoney, minorDigits, toMinorUnits, type Currency } from "~/lib/money";
import { refundPaymentSchema } from "~/schemas/payments";
import { api, fieldErrorsOf, userMessageOf } from "~/trpc/react";

/** A line of a payment of several items (an order bump, an upsell's order), refundable on its own. */
type Line = { id: string; name: string; amountMinor: number; refundedMinor: number };
type Payment = {
  id: string;
  amountMinor: number;
  refundedMinor: number;
  currency: Currency;
  lines: Line[];
  /** Not shipped yet: a full refund may put the units back in stock. */
  canRestock?: boolean;
};

// The amount is typed as text in the payment's currency and turned into minor units here (src/lib/money.ts), so
// "5", "5.5" and "5.50" all mean 550 cents; the reason's rule is the server's own.
const formSchema = z.object({
  /** "" for the whole payment, else the line's id. */
  lineId: z.string(),
  mode: z.enum(["full", "partial"]),
  amount: z.string(),
  reason: refundPaymentSchema.shape.reason,
  restock: z.boolean(),
});
type FormValues = z.input<typeof formSchema>;

const { FormField, RadioGroupField, CheckboxField } = fieldsFor<FormValues>();
const WHOLE = "";

/** A v4 UUID; crypto.randomUUID exists only on HTTPS and localhost, getRandomValues everywhere. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Refund action of a payment's detail view: full or partial, with an optional reason. One idempotency key per
 * opened dialog, so a double click or a retry after a lost answer refunds once at PayPal.
 */
export function RefundDialog({ payment }: { payment: Payment }) {
  const [idempotencyKey, setIdempotencyKey] = useState<string | null>(null);
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setIdempotencyKey(newIdempotencyKey())}>
        <Undo2 aria-hidden className="size-4" />
        Refund
      </Button>
      <Dialog
        open={idempotencyKey !== null}
        onClose={() => setIdempotencyKey(null)}
        title="Refund payment"
        description={
          payment.refundedMinor > 0
            ? `${formatMoney(payment.refundedMinor, payment.currency)} of ${formatMoney(payment.amountMinor, payment.currency)} is refunded already.`
            : "The money goes back to the buyer through PayPal."
        }
      >
        {idempotencyKey && (
          <RefundForm payment={payment} idempotencyKey={idempotencyKey} onDone={() => setIdempotencyKey(null)} />
        )}
      </Dialog>
    </>
  );
}

function RefundForm({ payment, idempotencyKey, onDone }: { payment: Payment; idempotencyKey: string; onDone(): void }) {
  const router = useRouter();
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const refund = api.merchant.payments.refund.useMutation();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { lineId: WHOLE, mode: "full", amount: "", reason: "", restock: true },
  });
  const [mode, lineId] = useWatch({ control: form.control, name: ["mode", "lineId"] });
  const isPartial = mode === "partial";
  const line = payment.lines.find((candidate) => candidate.id === lineId) ?? null;
  const paymentLeft = payment.amountMinor - payment.refundedMinor;
  const leftMinor = line ? Math.min(line.amountMinor - line.refundedMinor, paymentLeft) : paymentLeft;
  const left = formatMoney(leftMinor, payment.currency);

  async function submit(values: z.output<typeof formSchema>) {
    setFormError(null);
    let amountMinor: number | undefined;
    if (values.mode === "partial") {
      const typed = toMinorUnits(values.amount, payment.currency);
      if (typed === null) {
        const example = minorDigits(payment.currency) === 0 ? "500" : "5.00";
        form.setError("amount", { message: `Enter an amount like ${example}` });
        return;
      }
      const allowed = line ? refundableLineAmount(payment, line, typed) : refundableAmount(payment, typed);
      if (!allowed.ok) {
        form.setError("amount", { message: allowed.message });
        return;
      }
      amountMinor = allowed.amountMinor;
    }
    try {
      const result = await refund.mutateAsync({
        paymentId: payment.id,
        lineId: line?.id,
        amountMinor,
        reason: values.reason || undefined,
        idempotencyKey,
        restock: payment.canRestock === true && values.mode === "full" && values.restock,
      });
      toast.success(`Refunded ${formatMoney(result.amountMinor, payment.currency)}.`);
      onDone();
      router.refresh();
    } catch (error) {
      const amountError = fieldErrorsOf(error).amountMinor?.[0];
      if (amountError) form.setError("amount", { message: amountError });
      setFormError(userMessageOf(error, "The refund did not go through. Please try again."));
    }
  }

  return (
    <Form form={form} onSubmit={submit} className="space-y-4">
      {formError && <Alert>{formError}</Alert>}
      {payment.lines.length > 1 && (
        <FormField name="lineId" id={`${id}-line`} label="What to refund">
          <Select
            options={[[WHOLE, "The whole payment"], ...payment.lines.map((item) => [item.id, item.name] as const)]}
          />
        </FormField>
      )}
      <RadioGroupField
        name="mode"
        legend="Amount to refund"
        options={[
          ["full", `Full refund (${left})`],
          ["partial", "Partial refund"],
        ]}
      />
      {isPartial && (
        <FormField name="amount" id={`${id}-amount`} label={`Amount (${payment.currency})`} hint={`Up to ${left}.`}>
          <Input inputMode="decimal" autoComplete="off" autoFocus />
        </FormField>
      )}
      {payment.canRestock && !isPartial && (
        <CheckboxField
          name="restock"
          id={`${id}-restock`}
          label="Put the items back in stock"
          hint="The order has not shipped yet, so the units can be sold again."
        />
      )}
      <FormField
        name="reason"
        id={`${id}-reason`}
        label="Reason (optional)"
        hint="Kept with the refund; PayPal may show it to the buyer."
      >
        <Textarea rows={2} maxLength={255} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton variant="danger" isBusy={refund.isPending} busyLabel="Refunding...">
          {isPartial ? "Refund" : `Refund ${left}`}
        </SubmitButton>
      </div>
    </Form>
  );
}
