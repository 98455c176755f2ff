import { DEFAULT_ADDRESS_ID, type TestAddress, findAddress, partialAddress } from "./addresses";
import { PayPalError, type SandboxCore, invalidRequest, isObject, unprocessable } from "./http";
import { fromMinor, minorOf } from "./money";
import { checkBreakdown, detail, missing, parseMoney } from "./order-input";
import { parseShippingOptions } from "./shipping-input";
import type { CallbackCall, CallbackEvent, Order, OrderUpdateCallback, PurchaseUnit, ShippingOption } from "./state";
import { nowIso, plainCopy } from "./state";

// The buyer's shipping choices in PayPal's window, and the order-update callback PayPal makes for them: it POSTs
// the order, the buyer's partial address and selected option to the merchant's callback_url (unsigned: the
// merchant's own token rides in the URL) and acts on the answer. A valid 200 reprices the order; a 422 with one of
// the shipping issues below stops the buyer from approving with that choice; anything else (no answer within the
// timeout, another status, an answer that does not add up) falls back to the order as created.

/** What PayPal's window tells the buyer for each issue (the wording of PayPal's smart payment buttons). */
export const REFUSAL_MESSAGES: Record<string, string> = {
  ADDRESS_ERROR: "Your order can't be shipped to this address.",
  COUNTRY_ERROR: "Your order can't be shipped to this country.",
  STATE_ERROR: "Your order can't be shipped to this state.",
  ZIP_ERROR: "Your order can't be shipped to this zip.",
  METHOD_UNAVAILABLE:
    "The shipping method you chose is unavailable. To continue, choose another way to get your order.",
  STORE_UNAVAILABLE: "Part of your order isn't available at this store.",
};
/** Refusals of the option, which the buyer gets past by picking another option; the others refuse the address. */
const OPTION_REFUSALS = ["METHOD_UNAVAILABLE", "STORE_UNAVAILABLE"];

export const DEFAULT_CALLBACK_TIMEOUT_MS = 5000;

/** The 422 that stops a refused choice, with the buyer's message as its description. */
export const refusalError = (issue: string) =>
  unprocessable([
    {
      field: OPTION_REFUSALS.includes(issue) ? "/option" : "/address",
      location: "body",
      issue,
      description: REFUSAL_MESSAGES[issue] ?? issue,
    },
  ]);

export const selectedOption = (unit: PurchaseUnit) => unit.shipping?.options?.find((o) => o.selected);

/** The buyer picks an address in the window or approves; PayPal only offers the addresses in the buyer's book. */
function pickAddress(id: unknown): TestAddress {
  const address = findAddress(id);
  if (!address) {
    throw invalidRequest([detail("INVALID_PARAMETER_VALUE", "Unknown test address.", "/address", String(id))]);
  }
  return address;
}

function pickOption(unit: PurchaseUnit, id: unknown): ShippingOption {
  const option = unit.shipping?.options?.find((o) => o.id === id);
  if (!option) {
    throw invalidRequest([
      detail("INVALID_PARAMETER_VALUE", "The order has no shipping option with this id.", "/option", String(id)),
    ]);
  }
  return option;
}

/**
 * Selects an option. Without a callback for it, PayPal reprices the order itself: the option's amount becomes
 * the breakdown's shipping and the total moves by the difference.
 */
function selectOption(unit: PurchaseUnit, id: string, reprice: boolean) {
  const options = unit.shipping!.options!;
  const after = options.find((o) => o.id === id)!.amount;
  for (const option of options) option.selected = option.id === id;
  const breakdown = unit.amount.breakdown as Record<string, { currency_code: string; value: string }> | undefined;
  if (!reprice || !breakdown) return;
  const currency = unit.amount.currency_code;
  const shipping = after ? minorOf(after) : 0;
  const difference = shipping - (breakdown.shipping ? minorOf(breakdown.shipping) : 0);
  breakdown.shipping = { currency_code: currency, value: fromMinor(shipping, currency) };
  unit.amount.value = fromMinor(minorOf(unit.amount) + difference, currency);
}

/** The body PayPal POSTs: the order's id, the partial address, the selected option and the purchase unit. */
function callbackRequest(order: Order, unit: PurchaseUnit, address: TestAddress) {
  const selected = selectedOption(unit);
  return plainCopy({
    id: order.id,
    shipping_address: partialAddress(address),
    ...(selected && {
      shipping_option: {
        id: selected.id,
        label: selected.label,
        ...(selected.type && { type: selected.type }),
        ...(selected.amount && { amount: selected.amount }),
      },
    }),
    purchase_units: [
      {
        reference_id: unit.reference_id,
        amount: unit.amount,
        payee: unit.payee,
        ...(unit.description && { description: unit.description }),
        ...(unit.custom_id && { custom_id: unit.custom_id }),
        ...(unit.invoice_id && { invoice_id: unit.invoice_id }),
        ...(unit.items && { items: unit.items }),
        ...(unit.shipping?.options && { shipping: { options: unit.shipping.options } }),
      },
    ],
  });
}

type Answer = { status: number; text: string } | { error: string };

async function post(url: string, body: unknown, timeoutMs: number): Promise<Answer> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if ((error as Error).name === "TimeoutError") return { error: `no answer within ${timeoutMs} ms` };
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return { error: cause?.code ?? cause?.message ?? (error as Error).message };
  }
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Checks a 200 answer as PayPal checks a create (breakdown, currency, options) and applies it; items stay. */
function applyAnswer(order: Order, unit: PurchaseUnit, body: unknown) {
  if (!isObject(body)) throw invalidRequest([detail("MALFORMED_REQUEST_JSON", "The answer is not a JSON object.")]);
  if (body.id !== undefined && body.id !== order.id) {
    throw invalidRequest([detail("INVALID_PARAMETER_VALUE", "The answer is about another order.", "/id")]);
  }
  const answered = Array.isArray(body.purchase_units) ? body.purchase_units[0] : undefined;
  if (!isObject(answered)) throw missing("/purchase_units");
  const path = "/purchase_units/0";
  if (answered.reference_id !== undefined && answered.reference_id !== unit.reference_id) {
    throw invalidRequest([detail("INVALID_PARAMETER_VALUE", "Unknown purchase unit.", `${path}/reference_id`)]);
  }
  let amount = unit.amount;
  if (answered.amount !== undefined) {
    const { currency, minor } = parseMoney(answered.amount, `${path}/amount`);
    if (currency !== unit.amount.currency_code) {
      throw unprocessable([
        detail("CURRENCY_MISMATCH", "Should have same currency code for all amount fields.", `${path}/amount`),
      ]);
    }
    const given = answered.amount as PurchaseUnit["amount"];
    checkBreakdown({ items: unit.items }, given, minor, currency, path);
    amount = {
      currency_code: currency,
      value: given.value,
      ...(given.breakdown !== undefined && { breakdown: given.breakdown }),
    };
  }
  const options =
    answered.shipping_options === undefined
      ? unit.shipping?.options
      : parseShippingOptions(answered.shipping_options, `${path}/shipping_options`, amount);
  unit.amount = plainCopy(amount);
  setOptions(unit, options);
}

/** Replaces the unit's options with a copy of `options` (the unit's own, read from the store, are views). */
function setOptions(unit: PurchaseUnit, options: ShippingOption[] | undefined) {
  const copy = options && plainCopy(options);
  if (unit.shipping) {
    if (copy) unit.shipping.options = copy;
    else delete unit.shipping.options;
  } else if (copy) unit.shipping = { options: copy };
}

/** The order as created: what PayPal shows when the merchant's callback gives it nothing to act on. */
function fallBack(unit: PurchaseUnit, hook: OrderUpdateCallback) {
  unit.amount = plainCopy(hook.created.amount);
  setOptions(unit, hook.created.options);
}

/** What the answer does to the order, noted in `call`. */
function actOn(order: Order, unit: PurchaseUnit, hook: OrderUpdateCallback, answer: Answer, call: CallbackCall) {
  if ("error" in answer) {
    call.reason = answer.error;
    fallBack(unit, hook);
    return;
  }
  call.status = answer.status;
  const body = parseJson(answer.text);
  call.response = body ?? answer.text;
  const issue =
    isObject(body) && Array.isArray(body.details) ? (body.details[0] as { issue?: unknown })?.issue : undefined;
  if (answer.status === 422 && typeof issue === "string" && issue in REFUSAL_MESSAGES) {
    call.outcome = "REFUSED";
    call.issue = issue;
    return;
  }
  if (answer.status === 200 && body !== undefined) {
    try {
      applyAnswer(order, unit, body);
      call.outcome = "APPLIED";
      return;
    } catch (error) {
      if (!(error instanceof PayPalError)) throw error;
      const problem = error.details[0]!;
      call.reason = `${problem.issue}${problem.field ? ` at ${problem.field}` : ""}: ${problem.description}`;
    }
  } else {
    call.reason = answer.status === 200 ? "The answer is not JSON." : `HTTP ${answer.status}`;
  }
  fallBack(unit, hook);
}

/** Calls the merchant back about the first purchase unit and logs the call; the refusal's issue, if any. */
async function callBack(core: SandboxCore, order: Order, event: CallbackEvent, address: TestAddress) {
  const hook = order.order_update_callback!;
  const unit = order.purchase_units[0]!;
  const request = callbackRequest(order, unit, address);
  const answer = await post(hook.callback_url, request, core.callbackTimeoutMs);
  const call: CallbackCall = {
    event,
    address: address.id,
    ...(request.shipping_option && { option: request.shipping_option.id }),
    request,
    status: null,
    outcome: "FALLBACK",
    time: nowIso(),
  };
  actOn(order, unit, hook, answer, call);
  hook.calls.push(call);
  return call.issue;
}

/**
 * The buyer picks an address and/or option (the address defaults to the last pick, at first the book's first
 * address: PayPal calls back with it as its review page loads). A change the merchant subscribed to is priced by
 * its callback; picking what is already picked calls nobody. The choice, and any refusal of it, stays on the order.
 * Returns a promise only while a callback is under way: without one, the choice is made before this returns.
 */
export function chooseShipping(
  core: SandboxCore,
  order: Order,
  picks: { address?: unknown; option?: unknown },
): Promise<void> | undefined {
  const previous = order.shipping_choice;
  const address = pickAddress(picks.address ?? previous?.address ?? DEFAULT_ADDRESS_ID);
  const unit = order.purchase_units[0]!;
  const option = picks.option === undefined ? undefined : pickOption(unit, picks.option);
  const addressChanged = previous?.address !== address.id;
  const optionChanged = option !== undefined && option.id !== selectedOption(unit)?.id;
  if (!addressChanged && !optionChanged) return undefined;
  const subscribed = order.order_update_callback?.callback_events ?? [];
  if (option) selectOption(unit, option.id, !subscribed.includes("SHIPPING_OPTIONS"));
  const record = (refusal: string | undefined) => {
    order.shipping_choice = {
      address: address.id,
      ...(selectedOption(unit) && { option: selectedOption(unit)!.id }),
      ...(refusal && { refusal }),
    };
  };
  const changes: CallbackEvent[] = [
    ...(addressChanged ? (["SHIPPING_ADDRESS"] as const) : []),
    ...(optionChanged ? (["SHIPPING_OPTIONS"] as const) : []),
  ];
  const event = changes.find((e) => subscribed.includes(e));
  if (event) return callBack(core, order, event, address).then(record);
  // Without a call, a refused address stays refused until another address is picked, a refused option until
  // another option is.
  const kept = previous?.refusal;
  record(!addressChanged && kept && !OPTION_REFUSALS.includes(kept) ? kept : undefined);
  return undefined;
}
