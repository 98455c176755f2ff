"use client";

import { useId, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/input";

/**
 * The one "cancel this subscription?" dialog, for the seller (Subscribers) and the buyer (the portal): an
 * optional reason that goes to PayPal (127 characters is PayPal's limit), "Keep subscription" and "Cancel
 * subscription". The caller owns the request; the dialog clears its reason each time it opens.
 */
export function CancelSubscriptionDialog({
  open,
  onClose,
  title,
  description,
  reasonLabel,
  isPending,
  error,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  reasonLabel: string;
  isPending: boolean;
  error?: { form: string; reason?: string } | null;
  onConfirm: (reason: string | undefined) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setReason("");
  }

  return (
    <Dialog open={open} onClose={() => !isPending && onClose()} title={title} description={description}>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(reason.trim() || undefined);
        }}
      >
        {error && <Alert>{error.form}</Alert>}
        <Field id={`${id}-reason`} label={reasonLabel} error={error?.reason}>
          <Textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={127}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        {/* "Keep", not "Cancel": next to "Cancel subscription" a plain Cancel would read as the same action. */}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={isPending} onClick={onClose}>
            Keep subscription
          </Button>
          <Button type="submit" variant="danger" disabled={isPending}>
            {isPending ? "Cancelling..." : "Cancel subscription"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
