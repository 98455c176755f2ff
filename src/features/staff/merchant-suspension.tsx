"use client";

import { PauseCircle, PlayCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { api, userMessageOf } from "~/trpc/react";

type Merchant = { id: string; name: string; isSuspended: boolean };

/**
 * Suspend / Resume for staff who may act (super_admin, admin; the server checks again). Suspending asks first,
 * as buyers are turned away at once; resuming only gives back what the merchant had, so it needs no question.
 */
export function MerchantSuspensionControl({ merchant }: { merchant: Merchant }) {
  const router = useRouter();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const onDone = (text: string) => {
    toast.success(text);
    router.refresh();
  };
  const suspend = api.admin.merchants.suspend.useMutation({
    onSuccess: () => onDone(`'${merchant.name}' is suspended. Buyers cannot pay until you resume it.`),
    onError: (error) => toast.error(userMessageOf(error, "Failed to suspend the merchant. Please try again.")),
    onSettled: () => setConfirmOpen(false),
  });
  const resume = api.admin.merchants.resume.useMutation({
    onSuccess: () => onDone(`'${merchant.name}' is resumed. Buyers can pay again.`),
    onError: (error) => toast.error(userMessageOf(error, "Failed to resume the merchant. Please try again.")),
  });

  // One button for both states: after a change focus stays on it, now reading the other action.
  const isSuspended = merchant.isSuspended;
  return (
    <>
      <Button
        variant={isSuspended ? "primary" : "secondary"}
        className={isSuspended ? undefined : "text-red-700"}
        aria-haspopup={isSuspended ? undefined : "dialog"}
        // aria-disabled, not disabled: a disabled button drops keyboard focus to the page.
        aria-disabled={resume.isPending || undefined}
        onClick={() => {
          if (resume.isPending) return;
          if (isSuspended) resume.mutate({ id: merchant.id });
          else setConfirmOpen(true);
        }}
      >
        {isSuspended ? <PlayCircle aria-hidden className="size-4" /> : <PauseCircle aria-hidden className="size-4" />}
        {isSuspended ? (resume.isPending ? "Resuming..." : "Resume") : "Suspend"}
      </Button>
      <ConfirmDialog
        open={isConfirmOpen}
        onClose={() => setConfirmOpen(false)}
        title={`Suspend '${merchant.name}'?`}
        description="Buyers will not be able to pay on this merchant's payment buttons and sell pages until you resume it. They see that the seller is not accepting payments right now."
        confirmLabel="Suspend"
        busyLabel="Suspending..."
        isBusy={suspend.isPending}
        onConfirm={() => suspend.mutate({ id: merchant.id })}
      >
        Nothing is deleted: POPs, payments and settings stay as they are, and Resume brings everything back.
      </ConfirmDialog>
    </>
  );
}
