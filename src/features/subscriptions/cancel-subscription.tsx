"use client";

import { XCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, type ButtonSize } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { api, fieldErrorsOf, userMessageOf } from "~/trpc/react";

/**
 * "Cancel subscription": PayPal stops billing the buyer at once; what they paid stays paid. The reason is
 * optional and goes to PayPal with the cancellation.
 */
export function CancelSubscriptionButton({
  subscription,
  size = "md",
}: {
  subscription: { id: string; name: string };
  size?: ButtonSize;
}) {
  const router = useRouter();
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<{ form: string; reason?: string } | null>(null);
  const cancel = api.merchant.subscriptions.cancel.useMutation({
    onSuccess: () => {
      setOpen(false);
      toast.success(`The subscription of ${subscription.name} is cancelled.`);
      router.refresh();
    },
    onError: (caught) =>
      setError({
        form: userMessageOf(caught, "The subscription could not be cancelled. Please try again."),
        reason: fieldErrorsOf(caught).reason?.[0],
      }),
  });

  return (
    <>
      <Button
        variant="secondary"
        size={size}
        className="text-red-700"
        aria-haspopup="dialog"
        aria-label={`Cancel subscription of ${subscription.name}`}
        onClick={() => {
          setReason("");
          setError(null);
          setOpen(true);
        }}
      >
        <XCircle aria-hidden className="size-4" />
        Cancel
      </Button>
      <Dialog
        open={isOpen}
        onClose={() => !cancel.isPending && setOpen(false)}
        title={`Cancel the subscription of ${subscription.name}?`}
        description="PayPal stops billing this subscriber right away. Payments already made are not refunded."
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            cancel.mutate({ subscriptionId: subscription.id, reason: reason.trim() || undefined });
          }}
        >
          {error && <Alert>{error.form}</Alert>}
          <Field id={`${id}-reason`} label="Reason (optional)" error={error?.reason}>
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
            <Button variant="secondary" disabled={cancel.isPending} onClick={() => setOpen(false)}>
              Keep subscription
            </Button>
            <Button type="submit" variant="danger" disabled={cancel.isPending}>
              {cancel.isPending ? "Cancelling..." : "Cancel subscription"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
