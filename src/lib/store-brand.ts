/**
 * The store as buyers see it: its name and logo, and how to reach it. Built on the server (sell pages, the
 * thank-you page, the library) and rendered by StoreBrand; pure, so both sides share it.
 */
export type StoreBrandInfo = {
  name: string;
  /** An image address (the page's own logo wins over the store's where a page has one). */
  logoUrl: string | null;
  supportEmail: string | null;
  websiteUrl: string | null;
};

/**
 * The address to link, or null: only http(s), so a stored value can never become a javascript: or data: link
 * (the settings form checks this too; this guards every older or hand-written row).
 */
export function safeWebsiteUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** "shop.example.com/knits" for "https://www.shop.example.com/knits/": what a buyer needs to recognise it. */
export function websiteLabel(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname.replace(/\/+$/, "");
  return `${parsed.host.replace(/^www\./, "")}${path}`;
}

/** A plain address for a mailto: link (no spaces, no query to smuggle a subject or recipients in), or null. */
export function safeEmail(value: string | null | undefined): string | null {
  const email = value?.trim();
  return email && /^[^\s@?&#/]+@[^\s@?&#/]+\.[^\s@?&#/]+$/.test(email) ? email : null;
}
