"use client";

import { RotateCcw } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { userMessageOf } from "~/trpc/react";

/**
 * Retry for one row of the Background Jobs page (super_admin and admin; the server checks again). It asks first:
 * the job runs again against PayPal or the merchant's URL, which staff should mean to do.
 */
export function JobRetryButton({
  name,
  description,
  children,
  successMessage,
  retry,
}: {
  /** What is retried, e.g. "PayPal webhook event PAYMENT.CAPTURE.COMPLETED": the button's and dialog's name. */
  name: string;
  description: ReactNode;
  children?: ReactNode;
  successMessage: string;
  retry(): Promise<unknown>;
}) {
  const router = useRouter();
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await retry();
      toast.success(successMessage);
      router.refresh();
    } catch (error) {
      // Someone else retried it, or it got applied meanwhile: the fresh list shows where it is now.
      toast.error(userMessageOf(error, "Failed to retry. Please try again."));
      router.refresh();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        aria-label={`Retry ${name}`}
        onClick={() => setOpen(true)}
      >
        <RotateCcw aria-hidden className="size-4" />
        Retry
      </Button>
      <ConfirmDialog
        open={isOpen}
        onClose={() => setOpen(false)}
        title={`Retry ${name}?`}
        description={description}
        confirmLabel="Retry"
        busyLabel="Retrying..."
        tone="primary"
        isBusy={isBusy}
        onConfirm={() => void confirm()}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}
