"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { cn } from "~/lib/cn";

const widths = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-2xl", xl: "max-w-4xl" } as const;

export const dialogOverlayClasses = "fixed inset-0 z-50 bg-gray-900/50";
export const dialogContentClasses = cn(
  "fixed top-1/2 left-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2",
  "overflow-y-auto rounded-2xl bg-white p-6 text-gray-900 shadow-xl focus:outline-none",
);

/** The control that last had focus; an item of a menu counts as its menu's button (the item goes with the menu). */
let lastFocused: HTMLElement | null = null;
let isTrackingFocus = false;

function controlOf(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const menu = element.closest('[role="menu"]');
  const menuButton = menu?.id ? document.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`) : null;
  return menuButton instanceof HTMLElement ? menuButton : element;
}

function trackFocus() {
  if (isTrackingFocus) return;
  isTrackingFocus = true;
  document.addEventListener("focusin", (event) => (lastFocused = controlOf(event.target as Element)), true);
}

/**
 * Radix gives focus back only to its own Trigger, and our dialogs are opened from outside (a card's button, a menu
 * item, a header's menu button). This remembers what had focus when `open` turned true and returns there on
 * close, unless the owner's onCloseAutoFocus chose a target itself (called preventDefault) or the control is gone.
 */
export function useReturnFocus(open: boolean, onCloseAutoFocus?: (event: Event) => void) {
  const openerRef = useRef<HTMLElement | null>(null);
  useEffect(trackFocus, []);
  // A layout effect runs before Radix moves focus into the dialog. A menu item that opened it may already be
  // unmounted (focus on <body>): then the last focused control stands in.
  useLayoutEffect(() => {
    if (open) openerRef.current = controlOf(document.activeElement) ?? lastFocused;
  }, [open]);
  return (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    const opener = openerRef.current;
    openerRef.current = null;
    if (!opener?.isConnected) return;
    event.preventDefault();
    opener.focus();
  };
}

/**
 * The one modal. Radix supplies the focus trap, Escape, the inert page behind it, scroll lock and giving focus back
 * to the control that opened it; this names the dialog by its title and keeps the owner in charge of `open`.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  size = "md",
  children,
  onCloseAutoFocus,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof widths;
  children: ReactNode;
  /** Where focus goes on close when the control that opened the dialog is gone (e.g. a menu item). */
  onCloseAutoFocus?(event: Event): void;
}) {
  const returnFocus = useReturnFocus(open, onCloseAutoFocus);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={dialogOverlayClasses} />
        <DialogPrimitive.Content
          className={cn(dialogContentClasses, widths[size])}
          onCloseAutoFocus={returnFocus}
          // Without a description Radix warns unless aria-describedby is explicitly empty.
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-xl font-semibold">{title}</DialogPrimitive.Title>
              {description && (
                <DialogPrimitive.Description className="mt-1 text-sm text-gray-600">
                  {description}
                </DialogPrimitive.Description>
              )}
            </div>
            <DialogPrimitive.Close
              aria-label="Close"
              className="-mt-1 -mr-2 rounded-lg p-2 text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-gray-500"
            >
              <X aria-hidden className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <div className="mt-5">{children}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** A panel that slides in from the side (the mobile navigation): a dialog in every other respect. */
export function Drawer({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={dialogOverlayClasses} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocus}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white shadow-xl focus:outline-none"
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close
            aria-label="Close menu"
            className="absolute top-4 right-3 rounded-lg p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-gray-500"
          >
            <X aria-hidden className="size-5" />
          </DialogPrimitive.Close>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
