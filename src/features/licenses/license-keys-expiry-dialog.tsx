"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarClock } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useTimeZone } from "~/components/ui/date-time";
import { Dialog } from "~/components/ui/dialog";
import { fieldsFor, Form, setFieldErrors, SubmitButton } from "~/components/ui/form";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { fromLocalInput, toLocalInput } from "~/features/discounts/local-time";
import { setLicenseExpirySchema, type SetLicenseExpiryInput } from "~/schemas/licenses";
import { api, fieldErrorsOf, userMessageOf } from "~/trpc/react";

const { FormField, RadioGroupField } = fieldsFor<SetLicenseExpiryInput>();

type Key = {
  id: string;
  expiresAt: Date | null;
  expiresWithSubscription: boolean;
  /** Sold with a subscription: it may expire with it. */
  hasSubscription: boolean;
};

/** "Change expiry" of one key: never, on a day and time of the store's clock, or with its subscription. */
export function LicenseKeyExpiryDialog({ licenseKey }: { licenseKey: Key }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <CalendarClock aria-hidden className="size-4" />
        Change expiry
      </Button>
      <Dialog
        open={isOpen}
        onClose={() => setOpen(false)}
        title="Change expiry"
        description="The key stops working when it expires; the License API then answers “expired”."
      >
        {isOpen && <ExpiryForm licenseKey={licenseKey} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function ExpiryForm({ licenseKey, onDone }: { licenseKey: Key; onDone(): void }) {
  const router = useRouter();
  const id = useId();
  const timeZone = useTimeZone();
  const [formError, setFormError] = useState<string | null>(null);
  const setExpiry = api.merchant.licenses.setExpiry.useMutation();
  const form = useForm<SetLicenseExpiryInput>({
    // raw: the values go to the server as typed, where the same schema parses them.
    resolver: zodResolver(setLicenseExpirySchema, undefined, { raw: true }),
    defaultValues: {
      id: licenseKey.id,
      expiry: licenseKey.expiresWithSubscription ? "subscription" : licenseKey.expiresAt ? "date" : "never",
      expiresAt: licenseKey.expiresAt,
    },
  });
  const expiry = useWatch({ control: form.control, name: "expiry" });
  const options = [
    ["never", "Never"],
    ["date", "On a date"],
    ...(licenseKey.hasSubscription ? [["subscription", "With the subscription"] as const] : []),
  ] as const;

  async function submit(values: SetLicenseExpiryInput) {
    setFormError(null);
    try {
      await setExpiry.mutateAsync(values);
      toast.success("Expiry saved.");
      onDone();
      router.refresh();
    } catch (error) {
      setFieldErrors(form, fieldErrorsOf(error));
      setFormError(userMessageOf(error, "The expiry was not saved. Please try again."));
    }
  }

  return (
    <Form form={form} onSubmit={submit} className="space-y-4">
      {formError && <Alert>{formError}</Alert>}
      <RadioGroupField name="expiry" legend="Expires" options={options}>
        {expiry === "date" && (
          <FormField
            name="expiresAt"
            id={`${id}-expires-at`}
            label="Expires at"
            hint={`Your store's time (${timeZone}). A time in the past expires the key at once.`}
            render={({ value, onChange, ...control }) => (
              <Input
                {...control}
                type="datetime-local"
                value={toLocalInput(value ?? null, timeZone)}
                onChange={(event) => onChange(fromLocalInput(event.target.value, timeZone))}
              />
            )}
          />
        )}
      </RadioGroupField>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <SubmitButton isBusy={setExpiry.isPending} busyLabel="Saving...">
          Save expiry
        </SubmitButton>
      </div>
    </Form>
  );
}
