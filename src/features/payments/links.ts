// A detail page's "back" link returns to the list it was opened from, filters and all: the row link carries that
// list's address in `?back=`. Only our own list pages are accepted, as relative paths, so a crafted link cannot
// send a seller to another site ("//evil.test", "/\\evil.test", "https://...").

const listPaths = ["/dashboard/payments", "/dashboard/customers", "/dashboard/license-keys"];

/** `value` when it is one of our list pages (with any query), else `fallback`. */
export function safeBackHref(value: string | string[] | undefined, fallback: string): string {
  const href = Array.isArray(value) ? value[0] : value;
  if (!href || href.length > 2000) return fallback;
  if (!href.startsWith("/") || href.startsWith("//") || /[\\\s]/.test(href)) return fallback;
  const path = href.split(/[?#]/, 1)[0] ?? "";
  const isOurList = listPaths.some((list) => path === list || path.startsWith(`${list}/`));
  return isOurList ? href : fallback;
}

/** `href` carrying `from` (the list being looked at) in `?back=`, unless `from` is `plain`, where back goes anyway. */
export function withBack(href: string, from: string, plain: string): string {
  return from === plain ? href : `${href}?back=${encodeURIComponent(from)}`;
}

export function paymentHref(id: string, from = "/dashboard/payments") {
  return withBack(`/dashboard/payments/${encodeURIComponent(id)}`, from, "/dashboard/payments");
}

export function customerHref(email: string, from = "/dashboard/customers") {
  return withBack(`/dashboard/customers/${encodeURIComponent(email)}`, from, "/dashboard/customers");
}

/** Where a POP is edited, by its kind. */
export function popEditHref(pop: { kind: "payment_button" | "sell_page"; id: string }) {
  return pop.kind === "sell_page"
    ? `/dashboard/pages/edit-digital-sell-page/${encodeURIComponent(pop.id)}`
    : `/dashboard/pages/edit/${encodeURIComponent(pop.id)}`;
}
