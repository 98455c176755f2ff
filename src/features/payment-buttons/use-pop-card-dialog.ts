"use client";

import { useState } from "react";
import { focusPopCard } from "~/features/payment-buttons/pop-links";

/**
 * The dialog a POP card's menu opened (null when none is). Its menu item is gone once the dialog closes, so
 * `backToCard` (the dialog's onCloseAutoFocus) sends focus back to that card's menu button instead.
 */
export function usePopCardDialog<Dialog extends object>(popIdOf: (dialog: Dialog) => string) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const closeDialog = () => setDialog(null);
  const backToCard = (event: Event) => {
    event.preventDefault();
    focusPopCard(dialog ? popIdOf(dialog) : null);
  };
  return { dialog, setDialog, closeDialog, backToCard };
}
