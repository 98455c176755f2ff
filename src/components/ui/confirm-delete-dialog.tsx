import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";

/** "Are you sure?" before a delete; `children` says what else goes with it. */
export function ConfirmDeleteDialog({
  open,
  onClose,
  title,
  description,
  isDeleting,
  onConfirm,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  description: string;
  isDeleting: boolean;
  onConfirm(): void;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} size="sm" title={title} description={description}>
      {children}
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={isDeleting}>
          Cancel
        </Button>
        <Button variant="danger" disabled={isDeleting} onClick={onConfirm}>
          {isDeleting ? "Deleting..." : "Delete"}
        </Button>
      </div>
    </Dialog>
  );
}
