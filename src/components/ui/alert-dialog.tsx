"use client";

import * as AlertDialogPrimitive from "@radix-ui/react-alert-dialog";
import type { ReactNode } from "react";
import { Button, buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { dialogContentClasses, dialogOverlayClasses, useReturnFocus } from "~/components/ui/dialog";

/**
 * "Are you sure?" before anything that cannot be undone. The title names the item ("Delete 'Course'?"); Cancel
 * has focus first so a stray Enter never confirms, and Escape cancels.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel = "Delete",
  busyLabel = "Deleting...",
  isBusy,
  tone = "danger",
  onConfirm,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  busyLabel?: string;
  isBusy: boolean;
  tone?: "danger" | "primary";
  onConfirm(): void;
  /** Where focus goes on close when the control that opened the dialog is gone (the deleted item's menu). */
  onCloseAutoFocus?(event: Event): void;
  children?: ReactNode;
}) {
  const returnFocus = useReturnFocus(open, onCloseAutoFocus);
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={(next) => !next && !isBusy && onClose()}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={dialogOverlayClasses} />
        <AlertDialogPrimitive.Content className={cn(dialogContentClasses, "max-w-md")} onCloseAutoFocus={returnFocus}>
          <AlertDialogPrimitive.Title className="text-xl font-semibold">{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="mt-2 text-sm text-gray-600">
            {description}
          </AlertDialogPrimitive.Description>
          {children && <div className="mt-3 text-sm text-gray-600">{children}</div>}
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialogPrimitive.Cancel className={buttonClasses("secondary")} disabled={isBusy}>
              Cancel
            </AlertDialogPrimitive.Cancel>
            {/* Not AlertDialog.Action: that closes at once, and the dialog must stay open while the work runs. */}
            <Button variant={tone} disabled={isBusy} onClick={onConfirm}>
              {isBusy ? busyLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
