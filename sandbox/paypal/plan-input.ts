import { invalidRequest, isObject, unprocessable } from "./http";
import { minorOf, moneyOf } from "./money";
import { detail, parseMoney } from "./order-input";
import type { BillingCycle, IntervalUnit, Plan, Product } from "./state";

// Validation of Catalog Products and Subscriptions request bodies, with those APIs' issue names and wording.

const ISSUES = {
  MISSING_REQUIRED_PARAMETER: "A required field is missing.",
  INVALID_PARAMETER_VALUE: "The value of a field is invalid.",
  INVALID_PARAMETER_SYNTAX: "The value of a field does not conform to the expected format.",
  INVALID_STRING_MIN_LENGTH: "The value of a field is too short.",
  INVALID_STRING_MAX_LENGTH: "The value of a field is too long.",
  INVALID_INTEGER_MIN_VALUE: "The integer value of a field is too small.",
  INVALID_INTEGER_MAX_VALUE: "The integer value of a field is too large.",
} as const;

export const badField = (issue: keyof typeof ISSUES, field: string, value?: unknown) =>
  invalidRequest([
    detail(issue, ISSUES[issue], field, value === undefined || isObject(value) ? undefined : String(value)),
  ]);

const business = (issue: string, description: string, field?: string) =>
  unprocessable([detail(issue, description, field)]);

export function stringField(
  body: Record<string, unknown>,
  key: string,
  path: string,
  { max, required = false }: { max: number; required?: boolean },
): string | undefined {
  const value = body[key];
  if (value === undefined) {
    if (required) throw badField("MISSING_REQUIRED_PARAMETER", `${path}/${key}`);
    return undefined;
  }
  if (typeof value !== "string") throw badField("INVALID_PARAMETER_SYNTAX", `${path}/${key}`, value);
  if (value.length < 1) throw badField("INVALID_STRING_MIN_LENGTH", `${path}/${key}`, value);
  if (value.length > max) throw badField("INVALID_STRING_MAX_LENGTH", `${path}/${key}`, value);
  return value;
}

function enumField<T extends string>(value: unknown, allowed: readonly T[], field: string, fallback?: T): T {
  if (value === undefined && fallback !== undefined) return fallback;
  if (value === undefined) throw badField("MISSING_REQUIRED_PARAMETER", field);
  if (!allowed.includes(value as T)) throw badField("INVALID_PARAMETER_VALUE", field, value);
  return value as T;
}

function integerField(value: unknown, field: string, min: number, max: number, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (value === undefined) throw badField("MISSING_REQUIRED_PARAMETER", field);
  if (typeof value !== "number" || !Number.isInteger(value)) throw badField("INVALID_PARAMETER_SYNTAX", field, value);
  if (value < min) throw badField("INVALID_INTEGER_MIN_VALUE", field, value);
  if (value > max) throw badField("INVALID_INTEGER_MAX_VALUE", field, value);
  return value;
}

function booleanField(value: unknown, field: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") throw badField("INVALID_PARAMETER_SYNTAX", field, value);
  return value;
}

const objectField = (value: unknown, field: string) => {
  if (value === undefined) throw badField("MISSING_REQUIRED_PARAMETER", field);
  if (!isObject(value)) throw badField("INVALID_PARAMETER_SYNTAX", field);
  return value;
};

const PRODUCT_TYPES = ["PHYSICAL", "DIGITAL", "SERVICE"] as const;

/** POST /v1/catalogs/products body; `id` is optional (PayPal generates PROD-...). */
export function parseProduct(body: Record<string, unknown>): Omit<
  Product,
  "id" | "clientId" | "create_time" | "update_time"
> & {
  id?: string;
} {
  const id = stringField(body, "id", "", { max: 50 });
  if (id !== undefined && (id.length < 6 || /^PROD-/i.test(id) || !/^[A-Za-z0-9_-]+$/.test(id))) {
    throw invalidRequest([
      detail(
        "INVALID_PARAMETER_SYNTAX",
        /^PROD-/i.test(id) ? "Input identifier must not use system prefix(PROD-)." : ISSUES.INVALID_PARAMETER_SYNTAX,
        "/id",
        id,
      ),
    ]);
  }
  const category = stringField(body, "category", "", { max: 256 });
  if (category !== undefined && !/^[A-Z_]{4,}$/.test(category)) {
    throw badField("INVALID_PARAMETER_VALUE", "/category", category);
  }
  return {
    ...(id !== undefined && { id }),
    name: stringField(body, "name", "", { max: 127, required: true })!,
    type: enumField(body.type, PRODUCT_TYPES, "/type", "PHYSICAL"),
    description: stringField(body, "description", "", { max: 256 }),
    category,
    image_url: urlField(body, "image_url"),
    home_url: urlField(body, "home_url"),
  };
}

function urlField(body: Record<string, unknown>, key: string) {
  const value = stringField(body, key, "", { max: 2000 });
  if (value !== undefined && !URL.canParse(value)) throw badField("INVALID_PARAMETER_SYNTAX", `/${key}`, value);
  return value;
}

const INTERVAL_UNITS = ["DAY", "WEEK", "MONTH", "YEAR"] as const;
/** PayPal's longest interval per unit: a year at most. */
const MAX_INTERVAL_COUNT: Record<IntervalUnit, number> = { DAY: 365, WEEK: 52, MONTH: 12, YEAR: 1 };

function parseCycle(raw: unknown, path: string, now: string): BillingCycle {
  const cycle = objectField(raw, path);
  const frequency = objectField(cycle.frequency, `${path}/frequency`);
  const unit = enumField(frequency.interval_unit, INTERVAL_UNITS, `${path}/frequency/interval_unit`);
  const tenure = enumField(cycle.tenure_type, ["TRIAL", "REGULAR"] as const, `${path}/tenure_type`);
  const parsed: BillingCycle = {
    frequency: {
      interval_unit: unit,
      interval_count: integerField(
        frequency.interval_count,
        `${path}/frequency/interval_count`,
        1,
        MAX_INTERVAL_COUNT[unit],
        1,
      ),
    },
    tenure_type: tenure,
    sequence: integerField(cycle.sequence, `${path}/sequence`, 1, 99),
    total_cycles: integerField(cycle.total_cycles, `${path}/total_cycles`, 0, 999, 1),
  };
  if (cycle.pricing_scheme !== undefined) {
    const scheme = objectField(cycle.pricing_scheme, `${path}/pricing_scheme`);
    const { currency, minor } = parseMoney(
      scheme.fixed_price,
      `${path}/pricing_scheme/fixed_price`,
      tenure === "TRIAL",
    );
    parsed.pricing_scheme = { version: 1, fixed_price: moneyOf(minor, currency), create_time: now, update_time: now };
  } else if (tenure === "REGULAR") {
    throw badField("MISSING_REQUIRED_PARAMETER", `${path}/pricing_scheme`);
  }
  if (tenure === "TRIAL" && parsed.total_cycles === 0) {
    throw business(
      "INVALID_TRIAL_BILLING_TOTAL_CYCLES",
      "Total cycles for trial billing must be greater than '0'.",
      `${path}/total_cycles`,
    );
  }
  return parsed;
}

export const isFree = (cycle: BillingCycle) => !cycle.pricing_scheme || minorOf(cycle.pricing_scheme.fixed_price) === 0;

/** PayPal's rules across cycles: one regular cycle, last; at most two trials, one of them free; sequences 1..n. */
function checkCycles(cycles: BillingCycle[]) {
  const regular = cycles.filter((c) => c.tenure_type === "REGULAR");
  const trials = cycles.filter((c) => c.tenure_type === "TRIAL");
  if (regular.length === 0) {
    throw business("MISSING_REGULAR_BILLING_CYCLE", "Plan should have at least one regular billing cycle.");
  }
  if (regular.length > 1) {
    throw business("MULTIPLE_REGULAR_BILLING_CYCLES_NOT_SUPPORTED", "Only one regular billing cycle is allowed.");
  }
  if (trials.length > 2) {
    throw business("MORE_THAN_TWO_TRIAL_BILLING_CYCLE_NOT_SUPPORTED", "Only two trial billing cycles are allowed.");
  }
  if (trials.filter(isFree).length > 1) {
    throw business("MULTIPLE_FREE_TRIAL_BILLING_CYCLES_NOT_SUPPORTED", "Only one free trial billing cycle is allowed.");
  }
  if (cycles.some((c, i) => c.sequence !== i + 1)) {
    throw business(
      "INVALID_BILLING_CYCLE_SEQUENCE",
      "Billing cycle sequence should start with `1` and be consecutive.",
    );
  }
  if (cycles.at(-1)!.tenure_type !== "REGULAR") {
    throw business("INVALID_BILLING_CYCLE_SEQUENCE", "Trial Billing cycle should precede regular billing cycle.");
  }
}

export type PlanInput = Omit<Plan, "id" | "clientId" | "product_id" | "create_time" | "update_time">;

/** POST /v1/billing/plans body, less the product (the caller checks it belongs to the client). */
export function parsePlan(body: Record<string, unknown>, now: string): PlanInput & { product_id: string } {
  const productId = stringField(body, "product_id", "", { max: 50, required: true })!;
  const name = stringField(body, "name", "", { max: 127, required: true })!;
  const description = stringField(body, "description", "", { max: 127 });
  const status = enumField(body.status, ["CREATED", "ACTIVE"] as const, "/status", "ACTIVE");
  const rawCycles = body.billing_cycles;
  if (!Array.isArray(rawCycles) || rawCycles.length === 0)
    throw badField("MISSING_REQUIRED_PARAMETER", "/billing_cycles");
  if (rawCycles.length > 12) throw badField("INVALID_PARAMETER_VALUE", "/billing_cycles");
  const cycles = rawCycles
    .map((raw, i) => parseCycle(raw, `/billing_cycles/${i}`, now))
    .sort((a, b) => a.sequence - b.sequence);
  checkCycles(cycles);

  const prefs = objectField(body.payment_preferences, "/payment_preferences");
  const setupFee =
    prefs.setup_fee === undefined ? undefined : parseMoney(prefs.setup_fee, "/payment_preferences/setup_fee", true);
  const currencies = new Set([
    ...cycles.flatMap((c) => (c.pricing_scheme ? [c.pricing_scheme.fixed_price.currency_code] : [])),
    ...(setupFee ? [setupFee.currency] : []),
  ]);
  if (currencies.size > 1) {
    throw business("CURRENCY_MISMATCH", "All currency codes in the request should be of similar value.");
  }
  const taxes = body.taxes === undefined ? undefined : taxesField(body.taxes, "/taxes");
  return {
    product_id: productId,
    name,
    description,
    status,
    billing_cycles: cycles,
    payment_preferences: {
      auto_bill_outstanding: booleanField(
        prefs.auto_bill_outstanding,
        "/payment_preferences/auto_bill_outstanding",
        true,
      ),
      ...(setupFee && { setup_fee: moneyOf(setupFee.minor, setupFee.currency) }),
      setup_fee_failure_action: enumField(
        prefs.setup_fee_failure_action,
        ["CONTINUE", "CANCEL"] as const,
        "/payment_preferences/setup_fee_failure_action",
        "CANCEL",
      ),
      payment_failure_threshold: integerField(
        prefs.payment_failure_threshold,
        "/payment_preferences/payment_failure_threshold",
        0,
        999,
        0,
      ),
    },
    ...(taxes && { taxes }),
    quantity_supported: booleanField(body.quantity_supported, "/quantity_supported", false),
  };
}

/** A plan's (or a subscription's plan override's) taxes: {percentage, inclusive (default true)}. */
export function taxesField(value: unknown, path: string): NonNullable<Plan["taxes"]> {
  const raw = objectField(value, path);
  if (typeof raw.percentage !== "string" || !/^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/.test(raw.percentage)) {
    throw badField("INVALID_PARAMETER_SYNTAX", `${path}/percentage`, raw.percentage);
  }
  return { percentage: raw.percentage, inclusive: booleanField(raw.inclusive, `${path}/inclusive`, true) };
}
