import { invalidRequest, isObject, unprocessable } from "./http";
import { minorOf } from "./money";
import { detail, invalidSyntax, invalidValue, missing, parseMoney, paypalSource, requiredText } from "./order-input";
import {
  type CallbackEvent,
  type OrderUpdateCallback,
  type PurchaseUnit,
  type ShippingOption,
  type ShippingPreference,
  type ShippingType,
  plainCopy,
} from "./state";

// Validation of what the shipping module adds to an order: the merchant's shipping options (at create, and in
// the answers of its order-update callback) and the callback's configuration, with PayPal's issues and fields.

const SHIPPING_TYPES: readonly ShippingType[] = ["SHIPPING", "PICKUP", "PICKUP_IN_STORE", "PICKUP_FROM_PERSON"];
const CALLBACK_EVENTS: readonly CallbackEvent[] = ["SHIPPING_ADDRESS", "SHIPPING_OPTIONS"];
/** PayPal's limits: 10 options per purchase unit; a callback URL of 10 to 2040 characters. */
const MAX_OPTIONS = 10;
const CALLBACK_URL_LENGTH = { min: 10, max: 2040 };

/** amount.breakdown.shipping in minor units (0 without one): what the selected option must cost. */
export function shippingMinorOf(amount: PurchaseUnit["amount"]): number {
  const breakdown = amount.breakdown as { shipping?: { currency_code: string; value: string } } | undefined;
  return breakdown?.shipping ? minorOf(breakdown.shipping) : 0;
}

function parseOption(raw: unknown, path: string, currency: string): ShippingOption {
  if (!isObject(raw)) throw invalidSyntax(path);
  const id = requiredText(raw.id, `${path}/id`, 1, 127);
  const label = requiredText(raw.label, `${path}/label`, 1, 127);
  if (raw.type !== undefined && !SHIPPING_TYPES.includes(raw.type as ShippingType)) {
    throw invalidValue(`${path}/type`, raw.type);
  }
  let amount: ShippingOption["amount"];
  if (raw.amount !== undefined) {
    const money = parseMoney(raw.amount, `${path}/amount`, true);
    if (money.currency !== currency) {
      throw unprocessable([
        detail("CURRENCY_MISMATCH", "Should have same currency code for all amount fields.", `${path}/amount`),
      ]);
    }
    amount = { currency_code: money.currency, value: (raw.amount as { value: string }).value };
  }
  if (raw.selected === undefined) throw missing(`${path}/selected`);
  if (typeof raw.selected !== "boolean") throw invalidSyntax(`${path}/selected`);
  return {
    id,
    label,
    ...(raw.type !== undefined && { type: raw.type as ShippingType }),
    ...(amount && { amount }),
    selected: raw.selected,
  };
}

/** Exactly one option is selected, ids are unique, and the selected one costs what the breakdown says. */
function checkSelection(options: ShippingOption[], path: string, shippingMinor: number) {
  if (options.length === 0) return;
  // PayPal's options are told apart by id (the buyer's pick comes back as one); the issue name is the sandbox's.
  if (new Set(options.map((o) => o.id)).size !== options.length) {
    throw unprocessable([
      detail(
        "DUPLICATE_SHIPPING_OPTION_IDS",
        "The id of each shipping option must be unique within a purchase unit.",
        path,
      ),
    ]);
  }
  const selected = options.filter((o) => o.selected);
  if (selected.length === 0) {
    throw unprocessable([
      detail(
        "SHIPPING_OPTION_NOT_SELECTED",
        "At least one of the shipping.option should be set to 'selected = true'.",
        path,
      ),
    ]);
  }
  if (selected.length > 1) {
    throw unprocessable([
      detail("MULTIPLE_SHIPPING_OPTION_SELECTED", "Only one shipping.option can be set to 'selected = true'.", path),
    ]);
  }
  const amount = selected[0]!.amount;
  if (amount && minorOf(amount) !== shippingMinor) {
    throw unprocessable([
      detail(
        "PREFERRED_SHIPPING_OPTION_AMOUNT_MISMATCH",
        "The amount provided in the preferred shipping option should match the amount provided in amount breakdown",
        path,
      ),
    ]);
  }
}

/** A purchase unit's options (create) or a callback answer's shipping_options, checked against its amount. */
export function parseShippingOptions(raw: unknown, path: string, amount: PurchaseUnit["amount"]): ShippingOption[] {
  if (!Array.isArray(raw)) throw invalidSyntax(path);
  if (raw.length > MAX_OPTIONS) {
    throw invalidRequest([
      detail("INVALID_ARRAY_MAX_ITEMS", "The number of items in an array parameter is too large.", path),
    ]);
  }
  const options = raw.map((option, i) => parseOption(option, `${path}/${i}`, amount.currency_code));
  checkSelection(options, path, shippingMinorOf(amount));
  return options;
}

/**
 * Validates the units' shipping.options in place. PayPal offers options only where the buyer picks an address
 * (GET_FROM_FILE) and never together with a fixed shipping.type.
 */
export function parseUnitsShippingOptions(units: PurchaseUnit[], preference: ShippingPreference) {
  for (const unit of units) {
    const raw = unit.shipping?.options as unknown;
    if (raw === undefined || (Array.isArray(raw) && raw.length === 0)) continue;
    const path = `/purchase_units/@reference_id=='${unit.reference_id}'/shipping/options`;
    if (preference !== "GET_FROM_FILE" || unit.shipping?.type !== undefined) {
      throw unprocessable([
        detail(
          "SHIPPING_OPTIONS_NOT_SUPPORTED",
          "Shipping options are not supported when `shipping.type` is specified or when 'application_context.shipping_preference' is set as 'NO_SHIPPING' or 'SET_PROVIDED_ADDRESS'.",
          path,
        ),
      ]);
    }
    unit.shipping!.options = parseShippingOptions(raw, path, unit.amount);
  }
}

function parseEvents(raw: unknown, path: string): CallbackEvent[] {
  if (raw === undefined) throw missing(path);
  if (!Array.isArray(raw)) throw invalidSyntax(path);
  if (raw.length === 0) {
    throw invalidRequest([
      detail("INVALID_ARRAY_MIN_ITEMS", "The number of items in an array parameter is too small.", path),
    ]);
  }
  raw.forEach((event, i) => {
    if (!CALLBACK_EVENTS.includes(event as CallbackEvent) || raw.indexOf(event) !== i) {
      throw invalidValue(`${path}/${i}`, event);
    }
  });
  return raw as CallbackEvent[];
}

function parseCallbackUrl(raw: unknown, path: string): string {
  const url = requiredText(raw, path, CALLBACK_URL_LENGTH.min, CALLBACK_URL_LENGTH.max);
  // PayPal asks for https; the sandbox also calls plain http, which local apps and tests listen on.
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw invalidValue(path, url);
  return url;
}

/**
 * payment_source.paypal.experience_context.order_update_callback_config. PayPal calls it back only when the buyer
 * picks the address in its window (GET_FROM_FILE) and ignores it otherwise; it prices the first purchase unit.
 */
export function orderUpdateCallback(
  body: Record<string, unknown>,
  preference: ShippingPreference,
  units: PurchaseUnit[],
): OrderUpdateCallback | undefined {
  const context = paypalSource(body).experience_context;
  if (!isObject(context) || context.order_update_callback_config === undefined) return undefined;
  const path = "/payment_source/paypal/experience_context/order_update_callback_config";
  const config = context.order_update_callback_config;
  if (!isObject(config)) throw invalidSyntax(path);
  const callbackEvents = parseEvents(config.callback_events, `${path}/callback_events`);
  const callbackUrl = parseCallbackUrl(config.callback_url, `${path}/callback_url`);
  if (preference !== "GET_FROM_FILE") return undefined;
  const unit = units[0]!;
  return {
    callback_events: callbackEvents,
    callback_url: callbackUrl,
    created: plainCopy({ amount: unit.amount, ...(unit.shipping?.options && { options: unit.shipping.options }) }),
    calls: [],
  };
}
