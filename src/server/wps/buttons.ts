import { Prisma, type WpsButton } from "~/generated/prisma/client";
import { toDecimalString, toMinorUnits, type Currency } from "~/lib/money";
import { wpsFormFields, type WpsFormButton, type WpsPriceOption } from "~/lib/wps";
import { paymentButtonSchema, type PaymentButtonInput } from "~/schemas/payment-buttons";
import { wpsButtonSizes, wpsLocales, type WpsButtonInput } from "~/schemas/wps";
import { env } from "~/env";
import { encryptSecret } from "~/server/platform/crypto";
import { forgetCached } from "~/server/platform/cache-bus";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { createButton } from "~/server/payment-buttons/payment-buttons";

// PayPal Website Payments Standard buttons. Every merchant-facing function is scoped by
// (id, merchantId): another merchant's id is simply not found.

const notFound = () => new AppError("NOT_FOUND", "WPS button not found");
const own = (merchantId: string, id: string) => ({ id, merchantId });

const PDT_TOKEN_REQUIRED = "PDT token is required when PDT is enabled";

/** The priceOptions column, checked: a row written by hand or an older version must not break a page. */
export function priceOptionsOf(value: Prisma.JsonValue): WpsPriceOption[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const option = item as { label?: unknown; amountMinor?: unknown } | null;
    return option && typeof option.label === "string" && Number.isInteger(option.amountMinor)
      ? [{ label: option.label, amountMinor: option.amountMinor as number }]
      : [];
  });
}

/** Tax rate column (Decimal(6,3)) as the shortest decimal text: 8.250 -> "8.25", 0 -> "0". */
export function taxRateText(value: Prisma.Decimal | string | number): string {
  return new Prisma.Decimal(value).toString();
}

function invalid(field: string, message: string) {
  return new AppError("INVALID", message, { fieldErrors: { [field]: [message] } });
}

/** The form's values as columns (minor units, empty optionals as null). The PDT token is handled by the caller. */
function toColumns(input: WpsButtonInput) {
  const priceOptions = input.priceOptions.map((option, index) => {
    const amountMinor = toMinorUnits(option.value, input.currency);
    // The schema rejects these already; a direct service call must not store a wrong price either.
    if (amountMinor === null || amountMinor <= 0)
      throw invalid(`priceOptions.${index}.value`, "Valid price is required");
    return { label: option.label, amountMinor };
  });
  const shippingCostMinor = toMinorUnits(input.shippingCost || "0", input.currency);
  if (shippingCostMinor === null) throw invalid("shippingCost", "Shipping cost cannot be negative");
  return {
    paypalMerchantIdentifier: input.paypalMerchantIdentifier,
    environment: input.environment,
    itemName: input.itemName,
    itemNumber: input.itemNumber || null,
    currency: input.currency,
    priceOptions,
    undefinedQuantity: input.undefinedQuantity,
    noShipping: Number(input.noShipping),
    shippingCostMinor,
    taxRate: new Prisma.Decimal(input.taxRate || "0"),
    showCardLogos: input.showCardLogos,
    buttonText: input.buttonText || "Buy Now",
    buttonSize: input.buttonSize,
    locale: input.locale,
    customButtonImage: input.customButtonImage || null,
    successUrl: input.successUrl || null,
    cancelUrl: input.cancelUrl || null,
    notifyUrl: input.notifyUrl || null,
  } satisfies Prisma.WpsButtonUncheckedUpdateInput;
}

/** A row as the form shows it: prices back as decimal text; the PDT token is write-only (only whether one is saved). */
function toFormValues(button: WpsButton): WpsButtonInput {
  const currency = button.currency;
  const hasToken = Boolean(button.pdtTokenEncrypted);
  return {
    paypalMerchantIdentifier: button.paypalMerchantIdentifier,
    environment: button.environment,
    itemName: button.itemName,
    itemNumber: button.itemNumber ?? "",
    currency,
    priceOptions: priceOptionsOf(button.priceOptions).map((option) => ({
      label: option.label,
      value: toDecimalString(option.amountMinor, currency),
    })),
    undefinedQuantity: button.undefinedQuantity,
    noShipping: String(button.noShipping) as WpsButtonInput["noShipping"],
    shippingCost: toDecimalString(button.shippingCostMinor, currency),
    taxRate: taxRateText(button.taxRate),
    showCardLogos: button.showCardLogos,
    buttonText: button.buttonText,
    buttonSize: (wpsButtonSizes as readonly string[]).includes(button.buttonSize)
      ? (button.buttonSize as WpsButtonInput["buttonSize"])
      : "large",
    locale: (wpsLocales as readonly string[]).includes(button.locale)
      ? (button.locale as WpsButtonInput["locale"])
      : "US-en",
    customButtonImage: button.customButtonImage ?? "",
    successUrl: button.successUrl ?? "",
    cancelUrl: button.cancelUrl ?? "",
    notifyUrl: button.notifyUrl ?? "",
    pdtEnabled: hasToken,
    pdtToken: "",
    pdtTokenSaved: hasToken,
  };
}

export async function createWpsButton(merchantId: string, input: WpsButtonInput) {
  // A new button has no saved token, whatever the form claims.
  if (input.pdtEnabled && !input.pdtToken) throw invalid("pdtToken", PDT_TOKEN_REQUIRED);
  const button = await db.wpsButton.create({
    data: {
      merchantId,
      ...toColumns(input),
      pdtTokenEncrypted: input.pdtEnabled ? encryptSecret(input.pdtToken) : null,
      buttonStatus: "active",
    },
    select: { id: true },
  });
  return { id: button.id };
}

export async function updateWpsButton(merchantId: string, id: string, input: WpsButtonInput) {
  const current = await db.wpsButton.findFirst({ where: own(merchantId, id), select: { pdtTokenEncrypted: true } });
  if (!current) throw notFound();
  let pdtTokenEncrypted: string | null = null;
  if (input.pdtEnabled) {
    if (input.pdtToken) pdtTokenEncrypted = encryptSecret(input.pdtToken);
    else if (current.pdtTokenEncrypted) pdtTokenEncrypted = current.pdtTokenEncrypted;
    else throw invalid("pdtToken", PDT_TOKEN_REQUIRED);
  }
  const { count } = await db.wpsButton.updateMany({
    where: own(merchantId, id),
    data: { ...toColumns(input), pdtTokenEncrypted },
  });
  if (count === 0) throw notFound();
  forgetCached("wps-embed-script", id);
  return { id };
}

/** The edit form's values, plus the id and whether the button is active. */
export async function getWpsButton(merchantId: string, id: string) {
  const button = await db.wpsButton.findFirst({ where: own(merchantId, id) });
  if (!button) throw notFound();
  return { id: button.id, isActive: button.buttonStatus === "active", ...toFormValues(button) };
}

/** The WPS rows, newest first, each with its completed sales and their revenue in the button's currency. */
export async function listWpsButtons(merchantId: string) {
  const buttons = await db.wpsButton.findMany({
    where: { merchantId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      itemName: true,
      itemNumber: true,
      environment: true,
      buttonStatus: true,
      currency: true,
      priceOptions: true,
      taxRate: true,
      noShipping: true,
      shippingCostMinor: true,
      createdAt: true,
      updatedAt: true,
    },
  });
  const sales = buttons.length
    ? await db.wpsTransaction.groupBy({
        by: ["buttonId", "currency"],
        where: { merchantId, status: "completed", buttonId: { in: buttons.map((button) => button.id) } },
        _count: { _all: true },
        _sum: { amountMinor: true },
      })
    : [];
  return buttons.map(({ buttonStatus, priceOptions, taxRate, ...button }) => {
    const own = sales.filter((row) => row.buttonId === button.id);
    return {
      ...button,
      isActive: buttonStatus === "active",
      priceOptions: priceOptionsOf(priceOptions),
      taxRate: taxRateText(taxRate),
      /** Completed payments, whatever their currency. */
      sales: own.reduce((sum, row) => sum + row._count._all, 0),
      /** Completed revenue in the button's currency (payments made before a currency change are not mixed in). */
      revenueMinor: own
        .filter((row) => row.currency === button.currency)
        .reduce((sum, row) => sum + (row._sum.amountMinor ?? 0), 0),
    };
  });
}

export async function setWpsButtonStatus(merchantId: string, input: { id: string; isActive: boolean }) {
  const { count } = await db.wpsButton.updateMany({
    where: own(merchantId, input.id),
    data: { buttonStatus: input.isActive ? "active" : "inactive" },
  });
  if (count === 0) throw notFound();
  forgetCached("wps-embed-script", input.id);
  return { id: input.id, isActive: input.isActive };
}

/** Its payments stay (button_id becomes NULL), like a deleted payment button's. */
export async function deleteWpsButton(merchantId: string, id: string) {
  const { count } = await db.wpsButton.deleteMany({ where: own(merchantId, id) });
  if (count === 0) throw notFound();
  forgetCached("wps-embed-script", id);
  return { id };
}

const labelOf: Record<string, PaymentButtonInput["style"]["label"]> = {
  "buy now": "buynow",
  "pay now": "pay",
  pay: "pay",
  subscribe: "subscribe",
  checkout: "checkout",
};

/**
 * The way off WPS (PayPal deprecated it in January 2026): a Smart payment button with the same name, first
 * price, currency and URLs, using the store's PayPal client id. The WPS button is left as it is.
 */
export async function convertToPaymentButton(merchantId: string, id: string) {
  const [button, settings] = await Promise.all([
    db.wpsButton.findFirst({ where: own(merchantId, id) }),
    db.storeSettings.findUnique({ where: { merchantId }, select: { paypalClientId: true } }),
  ]);
  if (!button) throw notFound();
  if (!settings?.paypalClientId) {
    throw new AppError(
      "INVALID",
      "Add your PayPal client ID in Store Settings first: a Smart payment button needs it.",
    );
  }
  const first = priceOptionsOf(button.priceOptions)[0];
  if (!first) throw new AppError("INVALID", "This WPS button has no price to convert.");
  const parsed = paymentButtonSchema.safeParse({
    name: button.itemName,
    description: button.itemNumber ? `Product ID ${button.itemNumber}` : "",
    paypalClientId: settings.paypalClientId,
    amount: toDecimalString(first.amountMinor, button.currency),
    currency: button.currency,
    paymentType: "one-time",
    subscriptionPlanId: "",
    successUrl: button.successUrl ?? "",
    cancelUrl: button.cancelUrl ?? "",
    webhookUrl: "",
    // A Buy Now button that required an address sells goods that ship: the new button asks PayPal for the address
    // and is priced by the store's zones and tax rates (Store Settings > Shipping and tax), not a flat cost and rate.
    ships: button.noShipping === 0,
    style: {
      color: "gold",
      shape: "rect",
      size: button.buttonSize === "small" ? "small" : "large",
      label: labelOf[button.buttonText.trim().toLowerCase()] ?? "paypal",
    },
  } satisfies PaymentButtonInput);
  if (!parsed.success) {
    throw new AppError("INVALID", parsed.error.issues[0]?.message ?? "This WPS button cannot be converted.");
  }
  const created = await createButton(merchantId, parsed.data);
  return { id: created.id, ships: parsed.data.ships === true };
}

/** The web-script endpoint the form posts to, by environment (every PayPal host is configurable). */
export function wpsActionUrl(environment: "sandbox" | "live") {
  return environment === "live" ? env.PAYPAL_WPS_URL_LIVE : env.PAYPAL_WPS_URL_SANDBOX;
}

function toFormButton(button: WpsButton): WpsFormButton {
  return {
    id: button.id,
    paypalMerchantIdentifier: button.paypalMerchantIdentifier,
    itemName: button.itemName,
    itemNumber: button.itemNumber,
    currency: button.currency,
    priceOptions: priceOptionsOf(button.priceOptions),
    undefinedQuantity: button.undefinedQuantity,
    noShipping: button.noShipping,
    shippingCostMinor: button.shippingCostMinor,
    taxRate: taxRateText(button.taxRate),
    locale: button.locale,
    cancelUrl: button.cancelUrl,
  };
}

/** The preview's form: where it posts and its fields, from the one generator. */
export async function getWpsFormFields(merchantId: string, id: string) {
  const button = await db.wpsButton.findFirst({ where: own(merchantId, id) });
  if (!button) throw notFound();
  return { action: wpsActionUrl(button.environment), fields: wpsFormFields(toFormButton(button), env.APP_URL) };
}

/**
 * What /api/wps-button/{id}.js renders on any site, or null for an unknown id. Public: only what the HTML form
 * shows anyway (never the PDT token or the merchant's e-mail beyond the form's `business`). An inactive button
 * or a suspended seller takes no payments: the script shows that instead of the form.
 */
export async function getWpsEmbed(id: string) {
  if (!id || id.length > 100) return null;
  const button = await db.wpsButton.findUnique({
    where: { id },
    include: { merchant: { select: { suspendedAt: true } } },
  });
  if (!button) return null;
  return {
    action: wpsActionUrl(button.environment),
    fields: wpsFormFields(toFormButton(button), env.APP_URL),
    priceOptions: priceOptionsOf(button.priceOptions),
    buttonText: button.buttonText,
    buttonSize: button.buttonSize,
    customButtonImage: button.customButtonImage,
    showCardLogos: button.showCardLogos,
    currency: button.currency as Currency,
    isActive: button.buttonStatus === "active",
    sellerSuspended: button.merchant.suspendedAt !== null,
  };
}
