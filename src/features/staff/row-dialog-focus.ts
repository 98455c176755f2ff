"use client";

import { useRef, useState } from "react";

/**
 * Where focus goes when a dialog opened from a table row's action menu closes: back to that row's menu button (the
 * menu item that opened it is gone), or to the list when the row itself is gone. The list's wrapper takes `listRef`
 * (and tabIndex -1); each row's menu sits in an element with data-actions-for="{row id}".
 */
export function useRowDialogFocus() {
  const listRef = useRef<HTMLDivElement>(null);
  // The row whose menu opened the current dialog; null when focus should go back to the list.
  const [returnRowId, setReturnRowId] = useState<string | null>(null);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const trigger = returnRowId
      ? listRef.current?.querySelector<HTMLElement>(`[data-actions-for="${returnRowId}"] button`)
      : null;
    (trigger ?? listRef.current)?.focus();
  };
  return { listRef, setReturnRowId, returnFocus };
}
