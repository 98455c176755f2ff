import type { DiscountCode, Prisma } from "~/generated/prisma/client";
import { settledStatuses } from "~/lib/ledger";
import { toDecimalString, type Currency } from "~/lib/money";
import type { DiscountCodeFormValues, DiscountCodeInput, SetDiscountCodeActiveInput } from "~/schemas/discounts";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";

/**
 * A store's discount codes, as the seller manages them. Checkout applies them and keeps usesCount
 * (src/server/checkout/claims.ts); nothing here writes usesCount after a code is created. Every query is
 * scoped to the merchant: another store's code, like another store's POP, is simply not found.
 */
const own = (merchantId: string, id: string) => ({ id, merchantId });

const notFound = () => new AppError("NOT_FOUND", "Discount code not found");

const invalid = (field: keyof DiscountCodeFormValues, message: string) =>
  new AppError("INVALID", message, { fieldErrors: { [field]: [message] } });

/** Only the (merchant_id, code) unique index can refuse a write here; the id is a cuid. */
function duplicateOr(error: unknown, code: string) {
  if ((error as { code?: unknown } | null)?.code !== "P2002") return error;
  const message = `You already have a code named ${code}.`;
  return new AppError("CONFLICT", message, { cause: error, fieldErrors: { code: [message] } });
}

/** Payment buttons a code can apply to: the seller's own one-time buttons (not a sell page's bundle buttons). */
const eligibleButtons = (merchantId: string) =>
  ({ merchantId, buttonType: "manual", paymentType: "one_time" }) satisfies Prisma.PaymentButtonWhereInput;

const popOrder = [
  { createdAt: "desc" },
  { id: "desc" },
] as const satisfies Prisma.PaymentButtonOrderByWithRelationInput[];

/** The POP picker's choices: the merchant's one-time payment buttons and digital sell pages, newest first. */
export async function listDiscountPops(merchantId: string) {
  const select = { id: true, name: true, currency: true, isActive: true } as const;
  const [buttons, sellPages] = await Promise.all([
    db.paymentButton.findMany({ where: eligibleButtons(merchantId), orderBy: [...popOrder], select }),
    db.digitalSellPage.findMany({ where: { merchantId }, orderBy: [...popOrder], select }),
  ]);
  return { buttons, sellPages };
}

/**
 * The chosen POPs must be the merchant's own one-time payment buttons and sell pages. Subscriptions are refused
 * because PayPal bills every renewal at the plan's price, so a code could only ever discount the first payment
 * (if that); a fixed code only fits POPs priced in its own currency.
 */
async function checkChosenPops(merchantId: string, input: DiscountCodeInput) {
  if (input.appliesToAll) return;
  const [buttons, pages] = await Promise.all([
    input.buttonIds.length === 0
      ? []
      : db.paymentButton.findMany({
          where: { merchantId, buttonType: "manual", id: { in: input.buttonIds } },
          select: { id: true, name: true, paymentType: true, currency: true },
        }),
    input.sellPageIds.length === 0
      ? []
      : db.digitalSellPage.findMany({
          where: { merchantId, id: { in: input.sellPageIds } },
          select: { id: true, name: true, currency: true },
        }),
  ]);
  if (buttons.length !== input.buttonIds.length || pages.length !== input.sellPageIds.length) {
    throw invalid("appliesToAll", "Some of the chosen POPs no longer exist. Reload the page and choose again.");
  }
  const subscription = buttons.find((button) => button.paymentType !== "one_time");
  if (subscription) {
    throw invalid(
      "appliesToAll",
      `'${subscription.name}' is a subscription: discount codes apply to one-time payment buttons and digital sell pages only.`,
    );
  }
  const otherCurrency = input.kind === "fixed" && [...buttons, ...pages].find((pop) => pop.currency !== input.currency);
  if (otherCurrency) {
    throw invalid(
      "appliesToAll",
      `'${otherCurrency.name}' is priced in ${otherCurrency.currency}: a ${input.currency} amount off applies only to POPs priced in ${input.currency}.`,
    );
  }
}

/** The columns of a validated input (the schema already made the kind's fields the only ones set). */
function columnsOf(input: DiscountCodeInput) {
  return {
    code: input.code,
    kind: input.kind,
    percentOff: input.percentOff,
    amountOffMinor: input.amountOffMinor,
    currency: input.currency,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    maxUses: input.maxUses,
    oncePerEmail: input.oncePerEmail,
    appliesToAll: input.appliesToAll,
    buttonIds: input.buttonIds,
    sellPageIds: input.sellPageIds,
  } satisfies Prisma.DiscountCodeUncheckedUpdateInput;
}

type Pop = { kind: "payment_button" | "sell_page"; id: string; name: string };
type Targets = Pick<DiscountCode, "buttonIds" | "sellPageIds">;

/**
 * The POPs each code names that still exist and can take a code, by code. A POP deleted (or made a subscription)
 * since is left out, so the list shows what the code applies to now and saving the edit form does not fail on it.
 */
async function chosenPopsOf(merchantId: string, codes: Targets[]) {
  const buttonIds = [...new Set(codes.flatMap((code) => code.buttonIds))];
  const sellPageIds = [...new Set(codes.flatMap((code) => code.sellPageIds))];
  const [buttons, pages] = await Promise.all([
    buttonIds.length === 0
      ? []
      : db.paymentButton.findMany({
          where: { ...eligibleButtons(merchantId), id: { in: buttonIds } },
          select: { id: true, name: true },
        }),
    sellPageIds.length === 0
      ? []
      : db.digitalSellPage.findMany({
          where: { merchantId, id: { in: sellPageIds } },
          select: { id: true, name: true },
        }),
  ]);
  const buttonById = new Map(buttons.map((button) => [button.id, button.name]));
  const pageById = new Map(pages.map((page) => [page.id, page.name]));
  return (code: Targets): Pop[] => [
    ...code.buttonIds.flatMap((id) => {
      const name = buttonById.get(id);
      return name === undefined ? [] : [{ kind: "payment_button" as const, id, name }];
    }),
    ...code.sellPageIds.flatMap((id) => {
      const name = pageById.get(id);
      return name === undefined ? [] : [{ kind: "sell_page" as const, id, name }];
    }),
  ];
}

/**
 * The Discounts list, newest first. Each code's sales come from one grouped query over its payments (indexed by
 * discount_code_id), per currency since a percent code can apply to POPs in several: settled payments (refunded
 * ones included: the buyer did use the code), revenue as captured minus refunded, and the discount
 * given. usesCount is what maxUses limits; it also counts captures still in flight.
 */
export async function listDiscountCodes(merchantId: string) {
  const codes = await db.discountCode.findMany({
    where: { merchantId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  if (codes.length === 0) return [];
  const [groups, popsOf] = await Promise.all([
    db.transaction.groupBy({
      by: ["discountCodeId", "currency"],
      where: {
        merchantId,
        discountCodeId: { in: codes.map((code) => code.id) },
        status: { in: [...settledStatuses] },
      },
      _count: { _all: true },
      _sum: { amountMinor: true, refundedMinor: true, discountMinor: true },
    }),
    chosenPopsOf(merchantId, codes),
  ]);
  return codes.map((code) => {
    const sales = groups
      .filter((group) => group.discountCodeId === code.id)
      .map((group) => ({
        currency: group.currency as Currency,
        orders: group._count._all,
        revenueMinor: (group._sum.amountMinor ?? 0) - (group._sum.refundedMinor ?? 0),
        discountMinor: group._sum.discountMinor ?? 0,
      }))
      .sort((a, b) => a.currency.localeCompare(b.currency));
    return {
      id: code.id,
      code: code.code,
      kind: code.kind,
      percentOff: code.percentOff,
      amountOffMinor: code.amountOffMinor,
      currency: code.currency,
      startsAt: code.startsAt,
      endsAt: code.endsAt,
      maxUses: code.maxUses,
      usesCount: code.usesCount,
      oncePerEmail: code.oncePerEmail,
      appliesToAll: code.appliesToAll,
      isActive: code.isActive,
      createdAt: code.createdAt,
      pops: popsOf(code),
      orders: sales.reduce((sum, sale) => sum + sale.orders, 0),
      sales,
    };
  });
}

/** One code as the edit form takes it back: amounts as decimal text, empty text for unset optionals. */
export async function getDiscountCode(merchantId: string, id: string) {
  const row = await db.discountCode.findFirst({ where: own(merchantId, id) });
  if (!row) throw notFound();
  const pops = (await chosenPopsOf(merchantId, [row]))(row);
  const values: DiscountCodeFormValues = {
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff === null ? "" : String(row.percentOff),
    amountOff: row.amountOffMinor === null || !row.currency ? "" : toDecimalString(row.amountOffMinor, row.currency),
    currency: row.currency ?? "USD",
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    maxUses: row.maxUses === null ? "" : String(row.maxUses),
    oncePerEmail: row.oncePerEmail,
    appliesToAll: row.appliesToAll,
    buttonIds: pops.filter((pop) => pop.kind === "payment_button").map((pop) => pop.id),
    sellPageIds: pops.filter((pop) => pop.kind === "sell_page").map((pop) => pop.id),
  };
  return {
    id: row.id,
    isActive: row.isActive,
    usesCount: row.usesCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    values,
  };
}

export async function createDiscountCode(merchantId: string, input: DiscountCodeInput) {
  await checkChosenPops(merchantId, input);
  try {
    const row = await db.discountCode.create({
      data: { merchantId, ...columnsOf(input), usesCount: 0, isActive: true },
      select: { id: true },
    });
    return await getDiscountCode(merchantId, row.id);
  } catch (error) {
    throw duplicateOr(error, input.code);
  }
}

const timesUsed = (uses: number) => (uses === 1 ? "once" : `${uses.toLocaleString("en-US")} times`);

const maxUsesTooLow = (uses: number) =>
  invalid("maxUses", `This code has been used ${timesUsed(uses)}: maximum uses cannot be lower than ${uses}.`);

const renameRefused = (code: string) =>
  invalid("code", `${code} has been used, so its text cannot change. Create a new code instead.`);

/**
 * Everything about a code stays editable, for orders from now on; past payments keep the code text and the
 * amount taken off as they were (transactions.discount_code_text, discount_minor). Only the text of a code that
 * has been used is fixed. Lemon Squeezy keeps each redemption's code and amount on its own record and offers no
 * way to update a discount through its API; Gumroad lets a seller rename an offer code. We follow the first: the
 * buyers who already have the code (a newsletter, a post) would find it dead after a rename, and the list's uses
 * and revenue would sit under a name the payments never showed. A new code is one click away.
 *
 * The uses guards are part of the UPDATE itself, so a checkout counting a use at the same moment cannot slip
 * between the check and the write.
 */
export async function updateDiscountCode(merchantId: string, id: string, input: DiscountCodeInput) {
  const current = await db.discountCode.findFirst({
    where: own(merchantId, id),
    select: { code: true, usesCount: true },
  });
  if (!current) throw notFound();
  const isRenamed = input.code !== current.code;
  if (isRenamed && current.usesCount > 0) throw renameRefused(current.code);
  if (input.maxUses !== null && input.maxUses < current.usesCount) throw maxUsesTooLow(current.usesCount);
  await checkChosenPops(merchantId, input);
  const guards: Prisma.DiscountCodeWhereInput[] = [
    ...(isRenamed ? [{ usesCount: 0 }] : []),
    ...(input.maxUses !== null ? [{ usesCount: { lte: input.maxUses } }] : []),
  ];
  let count: number;
  try {
    ({ count } = await db.discountCode.updateMany({
      where: { ...own(merchantId, id), AND: guards },
      data: columnsOf(input),
    }));
  } catch (error) {
    throw duplicateOr(error, input.code);
  }
  if (count === 0) {
    const now = await db.discountCode.findFirst({ where: own(merchantId, id), select: { usesCount: true } });
    if (!now) throw notFound();
    if (isRenamed && now.usesCount > 0) throw renameRefused(current.code);
    throw maxUsesTooLow(now.usesCount);
  }
  return getDiscountCode(merchantId, id);
}

export async function setDiscountCodeActive(merchantId: string, { id, isActive }: SetDiscountCodeActiveInput) {
  const { count } = await db.discountCode.updateMany({ where: own(merchantId, id), data: { isActive } });
  if (count === 0) throw notFound();
  return { id, isActive };
}

/**
 * Past payments keep what they record of the code: their discount_code_id becomes NULL (the foreign key is ON
 * DELETE SET NULL) and discount_code_text and discount_minor stay.
 */
export async function deleteDiscountCode(merchantId: string, id: string) {
  const { count } = await db.discountCode.deleteMany({ where: own(merchantId, id) });
  if (count === 0) throw notFound();
  return { id };
}
