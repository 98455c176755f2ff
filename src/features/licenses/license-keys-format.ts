import { withBack } from "~/features/payments/links";

// How a license key reads on the seller's screens: masked in lists, its activations against its limit, and its
// history's entries in words.

export const LICENSE_KEYS_PATH = "/dashboard/license-keys";

/** A key in a list: only its last four characters, the rest hidden ("••••-ABCD"). */
export function maskedKey(keyHint: string): string {
  return `••••-${keyHint}`;
}

/** "1 of 3", "2 of unlimited". */
export function activationsText(activations: number, limit: number | null): string {
  return `${activations.toLocaleString("en-US")} of ${limit === null ? "unlimited" : limit.toLocaleString("en-US")}`;
}

const eventLabels: Record<string, string> = {
  issued: "Issued",
  activated: "Activated",
  deactivated: "Deactivated",
  disabled: "Disabled",
  enabled: "Enabled",
  reset: "Activations reset",
  expiry: "Expiry changed",
  replaced: "Replaced",
};

/** A history entry's title: its kind in words (an unknown kind as it is stored). */
export function licenseEventLabel(kind: string): string {
  return eventLabels[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1);
}

/**
 * An "expiry" entry's detail is what the expiry became: "never", "subscription" or an ISO instant (printed on the
 * store's clock by the page); other entries' details are sentences already.
 */
export function expiryChangeOf(detail: string | null): { kind: "never" | "subscription" } | { kind: "date"; at: Date } {
  if (detail === "subscription") return { kind: "subscription" };
  const at = detail ? new Date(detail) : null;
  return at && !Number.isNaN(at.getTime()) ? { kind: "date", at } : { kind: "never" };
}

/** A key's detail page, whose back link returns to the list it was opened from (`from`). */
export function licenseKeyHref(id: string, from = LICENSE_KEYS_PATH) {
  return withBack(`${LICENSE_KEYS_PATH}/${encodeURIComponent(id)}`, from, LICENSE_KEYS_PATH);
}
