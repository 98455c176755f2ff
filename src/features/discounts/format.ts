import { formatMoney, type Currency } from "~/lib/money";

// How a discount code reads on the dashboard: its offer, its status, and what it took off a payment.

type Offer = {
  kind: "percent" | "fixed";
  percentOff: number | null;
  amountOffMinor: number | null;
  currency: Currency | null;
};

/** "20% off" or "$5.00 off". */
export function discountLabel(code: Offer): string {
  if (code.kind === "fixed" && code.amountOffMinor !== null && code.currency) {
    return `${formatMoney(code.amountOffMinor, code.currency)} off`;
  }
  return `${code.percentOff ?? 0}% off`;
}

export const discountStatuses = ["active", "scheduled", "expired", "used_up", "off"] as const;
export type DiscountStatus = (typeof discountStatuses)[number];

export const discountStatusLabels: Record<DiscountStatus, string> = {
  active: "Active",
  scheduled: "Scheduled",
  expired: "Expired",
  used_up: "Used up",
  off: "Off",
};

/**
 * Whether buyers can use the code at `now`, and if not, the first reason a seller would act on: switched off,
 * past its end, out of uses, or not started yet. A used-up code that has also expired says Expired: raising its
 * limit would not bring it back.
 */
export function discountStatusOf(
  code: { isActive: boolean; startsAt: Date | null; endsAt: Date | null; maxUses: number | null; usesCount: number },
  now: Date,
): DiscountStatus {
  if (!code.isActive) return "off";
  if (code.endsAt && code.endsAt <= now) return "expired";
  if (code.maxUses !== null && code.usesCount >= code.maxUses) return "used_up";
  if (code.startsAt && code.startsAt > now) return "scheduled";
  return "active";
}

/** "3 / 10", or "3" when there is no limit. */
export function usesLabel(code: { usesCount: number; maxUses: number | null }): string {
  const uses = code.usesCount.toLocaleString("en-US");
  return code.maxUses === null ? uses : `${uses} / ${code.maxUses.toLocaleString("en-US")}`;
}

/** What a code took off one payment: "SAVE20 · −$2.00" (a minus sign, not a hyphen). */
export function appliedDiscountLabel(payment: {
  discountCodeText: string | null;
  discountMinor: number;
  currency: Currency;
}): string | null {
  if (!payment.discountCodeText) return null;
  return `${payment.discountCodeText} · −${formatMoney(payment.discountMinor, payment.currency)}`;
}
