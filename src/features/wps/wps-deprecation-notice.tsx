import { AlertTriangle } from "lucide-react";
import Link from "next/link";

/**
 * PayPal deprecated Website Payments Standard in January 2026: shown on the WPS form and tab, with the way off
 * it (a Smart Payment Button; each WPS button's menu converts it).
 */
export function WpsDeprecationNotice() {
  return (
    <div
      role="note"
      aria-label="PayPal Website Payments Standard is deprecated"
      className="flex gap-3 rounded-lg border border-yellow-200 bg-yellow-50 px-4 py-3 text-sm text-yellow-900"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-yellow-700" />
      <p>
        <span className="font-semibold">PayPal deprecated Website Payments Standard in January 2026.</span> Existing
        buttons keep working, but PayPal adds nothing new to them. For new products, prefer a{" "}
        <Link href="/dashboard/pages/new-payment-button" className="font-medium underline underline-offset-2">
          Smart Payment Button
        </Link>
        ; any WPS button can be converted into one from its Actions menu.
      </p>
    </div>
  );
}
