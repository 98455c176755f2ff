"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { PackageCheck, Truck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { fieldsFor, Form, SubmitButton } from "~/components/ui/form";
import { Input, Select } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { carrierLabels, carriers } from "~/lib/tracking";
import { markShippedSchema, MAX_TRACKING_NUMBER } from "~/schemas/shipping";
import { api, fieldErrorsOf, userMessageOf } from "~/trpc/react";

type FormValues = z.input<typeof markShippedSchema>;
const { FormField, CheckboxField } = fieldsFor<FormValues>();
const carrierOptions = carriers.map((carrier) => [carrier, carrierLabels[carrier]] as const);

/**
 * "Mark shipped" on an order that ships: the carrier and tracking number go to PayPal (which shows them to the
 * buyer), and the buyer gets our e-mail with the tracking link unless the seller unticks it. Marking it again
 * corrects the tracking number.
 */
export function MarkShippedDialog({ paymentId, label = "Mark shipped" }: { paymentId: string; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Truck aria-hidden className="size-4" />
        {label}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Mark as shipped"
        description="PayPal shows the tracking number to the buyer and releases held funds sooner."
      >
        {open && <MarkShippedForm paymentId={paymentId} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function MarkShippedForm({ paymentId, onDone }: { paymentId: string; onDone(): void }) {
  const router = useRouter();
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const mark = api.merchant.payments.markShipped.useMutation();
  const form = useForm<FormValues, unknown, z.output<typeof markShippedSchema>>({
    resolver: zodResolver(markShippedSchema),
    defaultValues: { id: paymentId, carrier: "USPS", carrierName: "", trackingNumber: "", notifyBuyer: true },
  });
  const carrier = useWatch({ control: form.control, name: "carrier" });

  async function submit(values: z.output<typeof markShippedSchema>) {
    setFormError(null);
    try {
      await mark.mutateAsync(values);
      toast.success("Marked as shipped.");
      onDone();
      router.refresh();
    } catch (error) {
      const fieldError = fieldErrorsOf(error).trackingNumber?.[0];
      if (fieldError) form.setError("trackingNumber", { message: fieldError });
      else setFormError(userMessageOf(error, "Could not mark the order shipped. Please try again."));
    }
  }

  return (
    <Form form={form} onSubmit={submit} className="space-y-4">
      {formError && <Alert>{formError}</Alert>}
      <FormField name="carrier" id={`${id}-carrier`} label="Carrier">
        <Select options={carrierOptions} />
      </FormField>
      {carrier === "OTHER" && (
        <FormField name="carrierName" id={`${id}-carrier-name`} label="Carrier name" required>
          <Input maxLength={64} autoComplete="off" />
        </FormField>
      )}
      <FormField name="trackingNumber" id={`${id}-tracking`} label="Tracking number" required>
        <Input maxLength={MAX_TRACKING_NUMBER} autoComplete="off" className="font-mono" autoFocus />
      </FormField>
      <CheckboxField name="notifyBuyer" id={`${id}-notify`} label="E-mail the buyer the tracking link" />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton isBusy={mark.isPending} busyLabel="Saving...">
          Mark shipped
        </SubmitButton>
      </div>
    </Form>
  );
}

/** "Mark delivered": the seller's word that the parcel arrived. */
export function MarkDeliveredButton({ paymentId }: { paymentId: string }) {
  const router = useRouter();
  const mark = api.merchant.payments.markDelivered.useMutation({
    onSuccess: () => {
      toast.success("Marked as delivered.");
      router.refresh();
    },
    onError: (error) => toast.error(userMessageOf(error, "Could not mark the order delivered. Please try again.")),
  });
  return (
    <Button variant="ghost" size="sm" disabled={mark.isPending} onClick={() => mark.mutate({ id: paymentId })}>
      <PackageCheck aria-hidden className="size-4" />
      Mark delivered
    </Button>
  );
}
