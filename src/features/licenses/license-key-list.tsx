import Link from "next/link";
import type { ReactNode } from "react";
import { CopyButton } from "~/features/payment-buttons/copy-button";
import { activationsText } from "~/features/licenses/license-keys-format";
import { LicenseKeyStatusBadge } from "~/features/licenses/license-keys-status-badge";
import type { DeliveredKey } from "~/server/licenses/delivery";

// A payment's license keys wherever a buyer or seller reads them again: the checkout page, the thank-you page,
// the portal and the seller's payment detail. No "use client": the server pages render it, only Copy runs in the
// browser.

/** Screen readers tell the Copy buttons of several keys apart by their position. */
const keyName = (index: number, count: number) => (count > 1 ? `license key ${index + 1}` : "license key");

/** One key in full, selectable, with its Copy button. */
export function LicenseKeyValue({ value, name }: { value: string; name: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="rounded bg-gray-100 px-2 py-1 font-mono text-sm break-all text-gray-900">{value}</code>
      <CopyButton text={value} label="Copy" srDetail={` ${name}`} />
    </div>
  );
}

/** Keys known only by their text (the capture's answer on the checkout page): each with Copy. */
export function LicenseKeyValues({ keys }: { keys: string[] }) {
  return (
    <ul className="space-y-2">
      {keys.map((key, index) => (
        <li key={key}>
          <LicenseKeyValue value={key} name={keyName(index, keys.length)} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Each key with Copy, its status, activations and expiry; `detailsHref` (the seller's pages) links each key to its
 * own page.
 */
export function LicenseKeyList({
  keys,
  formatDate,
  detailsHref,
}: {
  keys: DeliveredKey[];
  formatDate: (date: Date) => ReactNode;
  detailsHref?: (keyId: string) => string;
}) {
  return (
    <ul className="divide-y divide-gray-100">
      {keys.map((key, index) => {
        const name = keyName(index, keys.length);
        return (
          <li key={key.id} className="space-y-2 py-3">
            <LicenseKeyValue value={key.key} name={name} />
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-600">
              <LicenseKeyStatusBadge status={key.status} />
              <span>Activations: {activationsText(key.activationsUsed, key.activationLimit)} used</span>
              <span>{key.expiresAt ? <>Valid until {formatDate(key.expiresAt)}</> : "No expiry"}</span>
              {detailsHref && (
                <Link
                  href={detailsHref(key.id)}
                  className="text-brand-700 focus-visible:outline-brand-600 rounded font-medium hover:underline focus-visible:outline-2"
                >
                  Details<span className="sr-only"> of {name}</span>
                </Link>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** The buyer's "License keys" section of a page (thank-you, portal): nothing for a payment without keys. */
export function LicenseKeysSection({
  keys,
  formatDate,
  note,
}: {
  keys: DeliveredKey[];
  formatDate: (date: Date) => ReactNode;
  note?: string;
}) {
  if (keys.length === 0) return null;
  return (
    <section aria-label="License keys" className="space-y-1 border-t border-gray-100 pt-4">
      <h2 className="font-semibold text-gray-900">{keys.length > 1 ? "License keys" : "License key"}</h2>
      {note && <p className="text-sm text-gray-600">{note}</p>}
      <LicenseKeyList keys={keys} formatDate={formatDate} />
    </section>
  );
}
