"use client";

import { useRef, useState, type ReactNode } from "react";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { toast } from "~/components/ui/toast";
import { focusPopCard, neighbourPopId } from "~/features/payment-buttons/pop-links";

type Pop = { id: string; name: string; isActive: boolean };

/** The list query's cache, as tRPC's utils give it (e.g. `utils.pages.buttons.list`). */
export type PopListCache<T extends Pop> = {
  cancel(): Promise<void>;
  setData(input: undefined, updater: (items: T[] | undefined) => T[] | undefined): unknown;
  invalidate(): Promise<void>;
};

/**
 * The switch, delete and focus behaviour both POP lists share.
 * - The switch flips the cached row at once and keeps the card (and focus) where it is; a failure puts the old
 *   value back and toasts the spec's message. The list is reloaded only once no toggle is still on its way.
 * - Delete asks first (ConfirmDialog), removes the row, toasts, and then focuses the next card's menu (or the
 *   previous one's, or the list heading) because the control that opened the dialog is gone.
 */
export function usePopListActions<T extends Pop>({
  cache,
  setActive,
  remove,
  afterDelete,
  messages,
}: {
  cache: PopListCache<T>;
  setActive(input: { id: string; isActive: boolean }): Promise<unknown>;
  remove(input: { id: string }): Promise<unknown>;
  /** Other caches a delete changes (the tab counts). */
  afterDelete(): Promise<unknown>;
  messages: { toggleFailed: string; deleteFailed: string; deleted(name: string): string };
}) {
  const pendingToggles = useRef(0);
  const focusAfterClose = useRef<string | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const update = (updater: (items: T[]) => T[]) => cache.setData(undefined, (items) => items && updater(items));
  const setRow = (id: string, isActive: boolean) =>
    update((items) => items.map((item) => (item.id === id ? { ...item, isActive } : item)));

  async function toggle(pop: T) {
    const next = !pop.isActive;
    pendingToggles.current += 1;
    await cache.cancel();
    setRow(pop.id, next);
    try {
      await setActive({ id: pop.id, isActive: next });
      toast.success(`'${pop.name}' is now ${next ? "active" : "inactive"}`);
    } catch {
      setRow(pop.id, pop.isActive);
      toast.error(messages.toggleFailed);
    } finally {
      pendingToggles.current -= 1;
      if (pendingToggles.current === 0) void cache.invalidate();
    }
  }

  function requestDelete(pop: T) {
    focusAfterClose.current = pop.id;
    setDeleting(pop);
  }

  async function confirmDelete() {
    if (!deleting) return;
    const pop = deleting;
    setIsDeleting(true);
    try {
      await remove({ id: pop.id });
      focusAfterClose.current = neighbourPopId(pop.id);
      await cache.cancel();
      update((items) => items.filter((item) => item.id !== pop.id));
      toast.success(messages.deleted(pop.name));
      void afterDelete();
      void cache.invalidate();
    } catch {
      toast.error(messages.deleteFailed);
    } finally {
      setIsDeleting(false);
      setDeleting(null);
    }
  }

  return {
    toggle,
    deleting,
    isDeleting,
    requestDelete,
    confirmDelete,
    cancelDelete: () => setDeleting(null),
    /** For the confirm dialog's onCloseAutoFocus: Radix would return focus to a menu item that no longer exists. */
    restoreFocus(event: Event) {
      event.preventDefault();
      focusPopCard(focusAfterClose.current);
    },
  };
}

/**
 * The delete confirmation, titled with the POP's name ("Delete 'Course'?"); `what` is "payment button" or
 * "digital sell page" in the spec's sentence, `children` what else goes with it.
 */
export function DeletePopDialog<T extends Pop>({
  actions,
  what,
  children,
}: {
  actions: ReturnType<typeof usePopListActions<T>>;
  what: string;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      open={actions.deleting !== null}
      onClose={actions.cancelDelete}
      title={`Delete '${actions.deleting?.name ?? ""}'?`}
      description={`Are you sure you want to delete this ${what}? This action cannot be undone.`}
      isBusy={actions.isDeleting}
      onConfirm={() => void actions.confirmDelete()}
      onCloseAutoFocus={actions.restoreFocus}
    >
      {children}
    </ConfirmDialog>
  );
}
