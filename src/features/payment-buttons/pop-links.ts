import { useSyncExternalStore } from "react";

/** The two kinds of POP with a public page of their own (WPS buttons live on the merchant's site). */
export type PopKind = "payment-button" | "sell-page";

/** The buyer-facing page of a POP: /checkout/{id} or /digital-sell/{id}. */
export function publicPathOf(kind: PopKind, id: string): string {
  const encoded = encodeURIComponent(id);
  return kind === "payment-button" ? `/checkout/${encoded}` : `/digital-sell/${encoded}`;
}

export function editPathOf(kind: PopKind, id: string): string {
  const encoded = encodeURIComponent(id);
  return kind === "payment-button"
    ? `/dashboard/pages/edit/${encoded}`
    : `/dashboard/pages/edit-digital-sell-page/${encoded}`;
}

const noSubscription = () => () => undefined;

/**
 * The origin the seller is looking at, so a copied link opens where they are; "" while rendering on the server,
 * where there is no window (the links are only shown or copied in the browser).
 */
export function useOrigin(): string {
  return useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
}

/** The absolute public address, at click time (for copy buttons outside React's render). */
export const publicUrlOf = (kind: PopKind, id: string) => `${window.location.origin}${publicPathOf(kind, id)}`;

/**
 * Focus for after a dialog or menu opened from a POP card closes: the card's Actions menu button, else (the card is
 * gone) the list's heading or its empty state's action, never <body>.
 */
export function focusPopCard(id: string | null): void {
  const card = id ? document.querySelector(`[data-pop-card="${CSS.escape(id)}"]`) : null;
  const target =
    card?.querySelector<HTMLElement>('[aria-haspopup="menu"]') ??
    document.querySelector<HTMLElement>("[data-pop-list-focus]") ??
    document.querySelector<HTMLElement>("main h1");
  if (target) {
    if (target.tagName === "H1" && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
  }
}

/** The card after `id` in the list on screen, else the one before it, else null: where focus goes after a delete. */
export function neighbourPopId(id: string): string | null {
  const ids = Array.from(document.querySelectorAll<HTMLElement>("[data-pop-card]"), (card) => card.dataset.popCard!);
  const index = ids.indexOf(id);
  if (index === -1) return null;
  return ids[index + 1] ?? ids[index - 1] ?? null;
}
