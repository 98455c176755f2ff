import { type ErrorDetail, invalidRequest, isObject, unprocessable } from "./http";
import { merchantFor } from "./identities";
import { AMOUNT_ISSUE_DESCRIPTIONS, toMinor } from "./money";
import type { PurchaseUnit, ShippingPreference } from "./state";

// Validation of a create-order body, with PayPal's issue names, fields and descriptions.

export const detail = (issue: string, description: string, field?: string, value?: string): ErrorDetail => ({
  ...(field === undefined ? {} : { field }),
  ...(value === undefined ? {} : { value }),
  location: "body",
  issue,
  description,
});

export const missing = (field: string) =>
  invalidRequest([detail("MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.", field)]);
export const invalidSyntax = (field: string) =>
  invalidRequest([
    detail("INVALID_PARAMETER_SYNTAX", "The value of a field does not conform to the expected format.", field),
  ]);
export const invalidValue = (field: string, value?: unknown, description = "A parameter value is not valid.") =>
  invalidRequest([
    detail("INVALID_PARAMETER_VALUE", description, field, typeof value === "string" ? value : undefined),
  ]);
export const invalidLength = (field: string) =>
  invalidRequest([detail("INVALID_STRING_LENGTH", "The value of a field is either too short or too long.", field)]);

/** A required string field of `min` to `max` characters. */
export function requiredText(value: unknown, field: string, min: number, max: number): string {
  if (value === undefined) throw missing(field);
  if (typeof value !== "string") throw invalidSyntax(field);
  if (value.length < min || value.length > max) throw invalidLength(field);
  return value;
}

function optionalString(unit: Record<string, unknown>, key: string, max: number, path: string) {
  const value = unit[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length < 1 || value.length > max) {
    throw invalidRequest([
      detail("INVALID_STRING_LENGTH", "The value of a field is either too short or too long.", `${path}/${key}`),
    ]);
  }
  return value;
}

/** Parses one money object; syntax problems are 400s, business problems (currency, decimals, sign) 422s. */
export function parseMoney(money: unknown, path: string, allowZero = false): { currency: string; minor: number } {
  if (!isObject(money)) throw missing(path);
  const { currency_code: currency, value } = money;
  if (currency === undefined) throw missing(`${path}/currency_code`);
  if (value === undefined) throw missing(`${path}/value`);
  if (typeof currency !== "string" || typeof value !== "string") {
    throw invalidRequest([
      detail("INVALID_PARAMETER_SYNTAX", AMOUNT_ISSUE_DESCRIPTIONS.INVALID_PARAMETER_SYNTAX, path),
    ]);
  }
  const minor = toMinor(value, currency, allowZero);
  if (typeof minor === "number") return { currency, minor };
  const problem =
    minor.issue === "CURRENCY_NOT_SUPPORTED"
      ? [detail(minor.issue, AMOUNT_ISSUE_DESCRIPTIONS[minor.issue], `${path}/currency_code`, currency)]
      : [detail(minor.issue, AMOUNT_ISSUE_DESCRIPTIONS[minor.issue], `${path}/value`, value)];
  throw minor.issue === "INVALID_PARAMETER_SYNTAX" ? invalidRequest(problem) : unprocessable(problem);
}

const BREAKDOWN_PARTS = ["item_total", "shipping", "handling", "tax_total", "insurance"] as const;
const BREAKDOWN_DISCOUNTS = ["shipping_discount", "discount"] as const;

/** PayPal checks that a breakdown adds up to the amount and that items add up to item_total. */
export function checkBreakdown(
  unit: Record<string, unknown>,
  amount: Record<string, unknown>,
  total: number,
  currency: string,
  path: string,
) {
  const sameCurrency = (m: { currency: string; minor: number }, field: string) => {
    if (m.currency !== currency) {
      throw unprocessable([
        detail("CURRENCY_MISMATCH", "Should have same currency code for all amount fields.", field),
      ]);
    }
    return m.minor;
  };
  const breakdown = amount.breakdown;
  const items = unit.items;
  if (breakdown !== undefined) {
    if (!isObject(breakdown)) throw missing(`${path}/amount/breakdown`);
    let sum = 0;
    for (const key of [...BREAKDOWN_PARTS, ...BREAKDOWN_DISCOUNTS]) {
      if (breakdown[key] === undefined) continue;
      const field = `${path}/amount/breakdown/${key}`;
      const part = sameCurrency(parseMoney(breakdown[key], field, true), field);
      sum += (BREAKDOWN_DISCOUNTS as readonly string[]).includes(key) ? -part : part;
    }
    if (sum !== total) {
      throw unprocessable([
        detail(
          "AMOUNT_MISMATCH",
          "Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.",
          `${path}/amount/value`,
        ),
      ]);
    }
  }
  if (items === undefined) return;
  if (!Array.isArray(items)) throw missing(`${path}/items`);
  const itemTotal = isObject(breakdown) ? breakdown.item_total : undefined;
  if (itemTotal === undefined) {
    throw unprocessable([
      detail(
        "ITEM_TOTAL_REQUIRED",
        "If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.",
        `${path}/amount/breakdown/item_total`,
      ),
    ]);
  }
  let itemsSum = 0;
  items.forEach((item, i) => {
    const field = `${path}/items/${i}`;
    if (!isObject(item) || typeof item.name !== "string") throw missing(`${field}/name`);
    if (typeof item.quantity !== "string" || !/^[1-9]\d{0,9}$/.test(item.quantity)) throw missing(`${field}/quantity`);
    itemsSum += sameCurrency(parseMoney(item.unit_amount, `${field}/unit_amount`, true), field) * Number(item.quantity);
  });
  if (itemsSum !== parseMoney(itemTotal, `${path}/amount/breakdown/item_total`, true).minor) {
    throw unprocessable([
      detail(
        "ITEM_TOTAL_MISMATCH",
        "Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.",
        `${path}/amount/breakdown/item_total`,
      ),
    ]);
  }
}

export function parsePurchaseUnits(body: Record<string, unknown>, clientId: string): PurchaseUnit[] {
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length === 0) throw missing("/purchase_units");
  if (units.length > 10) {
    throw invalidRequest([
      detail("INVALID_ARRAY_MAX_ITEMS", "The number of items in an array parameter is too large.", "/purchase_units"),
    ]);
  }
  const seen = new Set<string>();
  let orderCurrency: string | undefined;
  return units.map((unit: unknown, i) => {
    if (!isObject(unit)) throw missing(`/purchase_units/${i}`);
    const referenceId = optionalString(unit, "reference_id", 256, `/purchase_units/${i}`) ?? "default";
    const path = `/purchase_units/@reference_id=='${referenceId}'`;
    if (units.length > 1 && unit.reference_id === undefined) {
      throw unprocessable([
        detail(
          "REFERENCE_ID_REQUIRED",
          "'reference_id' is required for each 'purchase_unit' if multiple 'purchase_unit' are provided.",
          `/purchase_units/${i}/reference_id`,
        ),
      ]);
    }
    if (seen.has(referenceId)) {
      throw unprocessable([
        detail(
          "DUPLICATE_REFERENCE_ID",
          "`reference_id` must be unique if multiple `purchase_unit` are provided.",
          `${path}/reference_id`,
        ),
      ]);
    }
    seen.add(referenceId);
    const { currency, minor } = parseMoney(unit.amount, `${path}/amount`);
    if (orderCurrency && orderCurrency !== currency) {
      throw unprocessable([
        detail(
          "MULTI_CURRENCY_ORDER",
          "Multiple differing values of currency_code are not supported. Entire Order request must have the same currency_code.",
          `${path}/amount/currency_code`,
        ),
      ]);
    }
    orderCurrency = currency;
    const amount = unit.amount as PurchaseUnit["amount"];
    checkBreakdown(unit, amount, minor, currency, path);
    return {
      reference_id: referenceId,
      amount,
      payee: merchantFor(clientId),
      description: optionalString(unit, "description", 127, path),
      custom_id: optionalString(unit, "custom_id", 127, path),
      invoice_id: optionalString(unit, "invoice_id", 127, path),
      soft_descriptor: optionalString(unit, "soft_descriptor", 22, path),
      items: unit.items as unknown[] | undefined,
      ...(isObject(unit.shipping) && { shipping: unit.shipping }),
      captureIds: [],
    };
  });
}

/** payment_source.paypal, or {} when the body names no PayPal wallet. */
export const paypalSource = (body: Record<string, unknown>): Record<string, unknown> =>
  isObject(body.payment_source) && isObject(body.payment_source.paypal) ? body.payment_source.paypal : {};

/** payment_source.paypal.experience_context, else the deprecated application_context, with its JSON path. */
function experienceContext(body: Record<string, unknown>): [Record<string, unknown>, string] {
  const source = paypalSource(body);
  if (isObject(source.experience_context)) {
    return [source.experience_context, "/payment_source/paypal/experience_context"];
  }
  return [isObject(body.application_context) ? body.application_context : {}, "/application_context"];
}

/** Return and cancel URLs for the redirect flow, from the current or the legacy field. */
export function experienceUrls(body: Record<string, unknown>) {
  const [context] = experienceContext(body);
  const url = (v: unknown) => (typeof v === "string" ? v : undefined);
  return { return_url: url(context.return_url), cancel_url: url(context.cancel_url) };
}

const SHIPPING_PREFERENCES: readonly ShippingPreference[] = ["GET_FROM_FILE", "NO_SHIPPING", "SET_PROVIDED_ADDRESS"];

/** shipping_preference (default GET_FROM_FILE); SET_PROVIDED_ADDRESS needs every purchase unit's address. */
export function shippingPreference(body: Record<string, unknown>, units: PurchaseUnit[]): ShippingPreference {
  const [context, path] = experienceContext(body);
  const value = context.shipping_preference ?? "GET_FROM_FILE";
  if (!SHIPPING_PREFERENCES.includes(value as ShippingPreference)) {
    throw invalidRequest([
      detail(
        "INVALID_PARAMETER_VALUE",
        "The value of a field is invalid.",
        `${path}/shipping_preference`,
        isObject(value) ? undefined : String(value),
      ),
    ]);
  }
  if (value === "SET_PROVIDED_ADDRESS") {
    const unit = units.find((u) => !isObject(u.shipping?.address));
    if (unit) {
      throw unprocessable([
        detail(
          "MISSING_SHIPPING_ADDRESS",
          "The shipping address is required when shipping_preference=SET_PROVIDED_ADDRESS.",
          `/purchase_units/@reference_id=='${unit.reference_id}'/shipping/address`,
        ),
      ]);
    }
  }
  return value as ShippingPreference;
}
