"use client";

import { XCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, type ButtonSize } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { CancelSubscriptionDialog } from "~/features/subscriptions/cancel-subscription-dialog";
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
  const [isOpen, setOpen] = useState(false);
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
          setError(null);
          setOpen(true);
        }}
      >
        <XCircle aria-hidden className="size-4" />
        Cancel
      </Button>
      <CancelSubscriptionDialog
        open={isOpen}
        onClose={() => setOpen(false)}
        title={`Cancel the subscription of ${subscription.name}?`}
        description="PayPal stops billing this subscriber right away. Payments already made are not refunded."
        reasonLabel="Reason (optional)"
        isPending={cancel.isPending}
        error={error}
        onConfirm={(reason) => cancel.mutate({ subscriptionId: subscription.id, reason })}
      />
    </>
  );
}
