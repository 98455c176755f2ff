import type { Currency, DiscountKind } from "~/generated/prisma/enums";
import { soldOutMessage } from "~/lib/checkout-messages";
import { formatMoney, minorDigits, toMinorUnits } from "~/lib/money";
import type { CheckoutChoice } from "~/schemas/checkout";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { consumeRateLimit, refundRateLimit } from "~/server/platform/rate-limit";
import { offeredBump, type OfferedBump } from "~/server/checkout/public-button";

// What a buyer pays (never a number from the browser). The buyer may choose only what the seller
// allows: an amount at or above a pay-what-you-want minimum, a quantity up to the button's limit and the stock
// left, and a discount code of the store that applies to this POP. The same function prices the "Apply" preview
// and the PayPal order, so the total the buyer saw is the total PayPal is asked for.
//
// A code's answer must not tell a buyer which codes exist: a code of another store, one that is off,
// and one for other POPs or in another currency all read exactly like a made-up code. Only a code that would
// apply to this POP says why it cannot be used now (not started, expired, used up). Every check that finds no
// usable code counts against a budget per address and per POP (rate-limit.ts), so guessing stays slow.

export const discountMessages = {
  invalid: "This discount code is not valid.",
  notStarted: "This discount code is not active yet.",
  expired: "This discount code has expired.",
  usedUp: "This discount code has been used up.",
  onceUsed: "You have already used this discount code.",
  subscription: "Discount codes cannot be used on subscriptions.",
} as const;

export const BUMP_GONE = "This add-on is no longer available. Untick it to pay for the rest.";

export const CODE_CHECKS = "discount code attempts";

/** The largest pay-what-you-want amount we pass on, in major units: a typo of extra zeros is not a purchase. */
const MAX_CHOSEN_MAJOR = 1_000_000;

/** The button columns pricing reads. */
export type PricedButton = Parameters<typeof offeredBump>[0] & {
  id: string;
  merchantId: string;
  sellPageId: string | null;
  amountMinor: number;
  currency: Currency;
  paymentType: "one_time" | "subscription";
  payWhatYouWant: boolean;
  minimumAmountMinor: number | null;
  maxQuantity: number;
  stockLimit: number | null;
  soldCount: number;
};

type CodeRow = {
  id: string;
  code: string;
  kind: DiscountKind;
  percentOff: number | null;
  amountOffMinor: number | null;
  currency: Currency | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  usesCount: number;
  appliesToAll: boolean;
  buttonIds: string[];
  sellPageIds: string[];
  isActive: boolean;
};

export type Quote = {
  currency: Currency;
  quantity: number;
  unitAmountMinor: number;
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  discount: { id: string; code: string } | null;
  /** The order bump the buyer ticked: one unit at its bump price, after the discount (which is the main item's). */
  bump: OfferedBump | null;
};

export const normaliseCode = (code: string) => code.trim().toUpperCase();

function unitAmount(button: PricedButton, amount: string | undefined): number {
  if (!button.payWhatYouWant) return button.amountMinor;
  if (amount === undefined || amount.trim() === "") return button.amountMinor;
  const chosen = toMinorUnits(amount, button.currency);
  if (chosen === null) throw new AppError("INVALID", "Enter the amount you want to pay, e.g. 12.50.");
  const minimum = Math.max(1, button.minimumAmountMinor ?? 1);
  if (chosen < minimum) {
    throw new AppError("INVALID", `The minimum price is ${formatMoney(minimum, button.currency)}.`);
  }
  const maximum = MAX_CHOSEN_MAJOR * 10 ** minorDigits(button.currency);
  if (chosen > maximum) {
    throw new AppError("INVALID", `The most you can pay here is ${formatMoney(maximum, button.currency)}.`);
  }
  return chosen;
}

export function quantityOf(button: PricedButton, quantity: number | undefined): number {
  const wanted = quantity ?? 1;
  const stockLeft = button.stockLimit === null ? null : Math.max(0, button.stockLimit - button.soldCount);
  if (stockLeft === 0) throw new AppError("CONFLICT", soldOutMessage);
  if (wanted > button.maxQuantity) {
    throw new AppError("INVALID", `You can buy at most ${button.maxQuantity} at a time.`);
  }
  if (stockLeft !== null && wanted > stockLeft) throw new AppError("CONFLICT", `Only ${stockLeft} left.`);
  return wanted;
}

/** Why this code cannot be used on this button now, or null when it can (its use limit is checked atomically later). */
export function codeProblem(code: CodeRow, button: PricedButton, now: Date): string | null {
  // Whether it is a code for this POP at all comes first, and reads like an unknown code: the dates and uses of
  // another POP's codes are none of this buyer's business.
  const chosen =
    code.appliesToAll ||
    code.buttonIds.includes(button.id) ||
    (button.sellPageId !== null && code.sellPageIds.includes(button.sellPageId));
  if (!code.isActive || !chosen) return discountMessages.invalid;
  if (code.kind === "fixed" && code.currency !== button.currency) return discountMessages.invalid;
  if (code.startsAt && code.startsAt > now) return discountMessages.notStarted;
  if (code.endsAt && code.endsAt <= now) return discountMessages.expired;
  if (code.maxUses !== null && code.usesCount >= code.maxUses) return discountMessages.usedUp;
  return null;
}

/**
 * Runs `check` (a preview or an order that may look a discount code up) within the per-address budget for code
 * checks, when the buyer sent a code: counted before, given back when the check succeeds. For callers that know
 * the buyer's address (the routes and procedures); the per-POP budget is counted where the code is looked up.
 */
export async function withCodeCheckBudget<T>(
  ip: string,
  discountCode: string | undefined,
  check: () => Promise<T>,
): Promise<T> {
  if (discountCode === undefined || discountCode.trim() === "") return check();
  await consumeRateLimit("codeCheckByIp", ip, CODE_CHECKS);
  const result = await check();
  await giveBack("codeCheckByIp", ip);
  return result;
}

/** A point not given back only counts against the budget: never a reason to fail a check that succeeded. */
export function giveBack(name: "codeCheckByIp" | "codeCheckByPop", key: string) {
  return refundRateLimit(name, key).catch(() => undefined);
}

/** Looks the buyer's code up for this POP within the POP's budget; a code that applies gives its point back. */
async function usableCode(button: PricedButton, text: string, now: Date) {
  await consumeRateLimit("codeCheckByPop", button.id, CODE_CHECKS);
  const code = await db.discountCode.findUnique({
    where: { merchantId_code: { merchantId: button.merchantId, code: normaliseCode(text) } },
  });
  const problem = code ? codeProblem(code, button, now) : discountMessages.invalid;
  if (problem || !code) throw new AppError("INVALID", problem ?? discountMessages.invalid);
  await giveBack("codeCheckByPop", button.id);
  return code;
}

/**
 * What the code takes off. Percentages round to the nearest minor unit. PayPal takes no order of zero, so a code
 * worth the whole price (100%, or a fixed amount above it) leaves the smallest amount of the currency to pay.
 */
export function discountOf(code: Pick<CodeRow, "kind" | "percentOff" | "amountOffMinor">, subtotalMinor: number) {
  const off =
    code.kind === "percent" ? Math.round((subtotalMinor * (code.percentOff ?? 0)) / 100) : (code.amountOffMinor ?? 0);
  return Math.max(0, Math.min(off, subtotalMinor - 1));
}

/** Prices a one-time checkout of `button` as the buyer chose it; every refusal is a sentence for the buyer. */
export async function quoteCheckout(button: PricedButton, choice: CheckoutChoice, now = new Date()): Promise<Quote> {
  const wantsCode = choice.discountCode !== undefined && choice.discountCode.trim() !== "";
  if (button.paymentType === "subscription") {
    if (wantsCode) throw new AppError("INVALID", discountMessages.subscription);
    throw new AppError("INVALID", "This button takes subscriptions, not one-time payments.");
  }
  const quantity = quantityOf(button, choice.quantity);
  const unitAmountMinor = unitAmount(button, choice.amount);
  const subtotalMinor = unitAmountMinor * quantity;
  // Ticked against a bump the seller has since removed, switched off or sold out: the buyer decides again.
  const bump = choice.bump === true ? offeredBump(button) : null;
  if (choice.bump === true && !bump) throw new AppError("CONFLICT", BUMP_GONE);
  let discount: Quote["discount"] = null;
  let discountMinor = 0;
  if (wantsCode) {
    const code = await usableCode(button, choice.discountCode!, now);
    discountMinor = discountOf(code, subtotalMinor);
    discount = { id: code.id, code: code.code };
  }
  return {
    currency: button.currency,
    quantity,
    unitAmountMinor,
    subtotalMinor,
    discountMinor,
    totalMinor: subtotalMinor - discountMinor + (bump?.unitAmountMinor ?? 0),
    discount,
    bump,
  };
}

/** The quote as the buyer's page shows it. */
export function describeQuote({ discount, bump, ...quote }: Quote) {
  return {
    ...quote,
    bumpName: bump?.name ?? null,
    discountCode: discount?.code ?? null,
    total: formatMoney(quote.totalMinor, quote.currency),
    discountText: discount ? `${discount.code}: −${formatMoney(quote.discountMinor, quote.currency)}` : null,
  };
}
