import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import fc from "fast-check";
import { z } from "zod";
import { discountCodeDefaults } from "~/schemas/discounts";
import { paymentButtonDefaults } from "~/schemas/payment-buttons";
import { wpsButtonDefaults } from "~/schemas/wps";
import { appRouter } from "~/server/api/root";
import { merchantProcedure, publicProcedure } from "~/server/api/trpc";
import { buildSellPageInput } from "../factories/sell-page";
import { unique } from "../factories/unique";
import { anonymousCaller, merchantCaller, staffCaller } from "../support/callers";
import { hostileValue, mutationOf, preview, type Variant } from "./arbitraries";
import { describeError, type Outcome, runTarget, type TargetReport } from "./report";
import type { StateTracker } from "./state";
import type { FuzzWorld } from "./world";

export type Who = "anonymous" | "merchant" | "staff";

export type FuzzProcedure = {
  path: string;
  type: string;
  /** Who the procedure serves; the other callers are tried too, less often. */
  tier: Who;
  schema: z.ZodType | null;
};

type ProcedureInternals = { _def: { type: string; inputs: unknown[]; middlewares: unknown[] } };

/**
 * Every procedure of the app router, read from the router itself so a new one is fuzzed without a line here. The
 * tier is the tier middleware the procedure was built on (staffProcedure makes one per role, so "neither public nor
 * merchant" is staff, the only other kind trpc.ts exports).
 */
export function fuzzProcedures(): FuzzProcedure[] {
  const tierMiddleware = (procedure: unknown) => (procedure as ProcedureInternals)._def.middlewares.at(-1);
  const publicTier = tierMiddleware(publicProcedure);
  const merchantTier = tierMiddleware(merchantProcedure);
  return Object.entries(appRouter._def.procedures as Record<string, unknown>).map(([path, procedure]) => {
    const { type, inputs, middlewares } = (procedure as ProcedureInternals)._def;
    const tier: Who = middlewares.includes(publicTier)
      ? "anonymous"
      : middlewares.includes(merchantTier)
        ? "merchant"
        : "staff";
    const schema = (inputs[0] as z.ZodType | undefined) ?? null;
    return { path, type, tier, schema };
  });
}

const day = 24 * 60 * 60 * 1000;

/**
 * Valid inputs that point at the world's rows, so their one-field mutations reach the services. Procedures not
 * listed get one made from their schema (exampleFromSchema); the test fails for a procedure that has neither.
 */
export function validInputs(world: FuzzWorld): Record<string, unknown> {
  const { merchant, staff, operator, payment } = world;
  const sellPageValues = buildSellPageInput({
    paypalClientId: world.clientId,
    basicFeatures: ["PDF guide", "Videos"],
    premiumEnabled: true,
    successUrl: "https://shop.example.com/thanks",
  });
  const buttonValues = {
    ...paymentButtonDefaults,
    name: "Fuzz button",
    description: "Made by the fuzz tests",
    paypalClientId: world.clientId,
    successUrl: "https://shop.example.com/thanks",
  };
  const wpsValues = {
    ...wpsButtonDefaults,
    paypalMerchantIdentifier: "seller@business.example.com",
    itemName: "Poster",
    itemNumber: "P-1",
    priceOptions: [
      { label: "Small", value: "10.00" },
      { label: "Large", value: "25.50" },
    ],
    notifyUrl: "https://shop.example.com/ipn",
  };
  const discountValues = { ...discountCodeDefaults, code: unique("FUZZ"), percentOff: "15", maxUses: "10" };
  const window = { from: new Date(Date.now() - 90 * day), to: new Date(Date.now() + day) };
  return {
    "merchant.account.signUp": {
      name: "Fuzz Seller",
      email: `${unique("fuzz")}@example.test`,
      password: "fuzz-password",
    },
    "merchant.store.update": {
      storeName: "Fuzz Store",
      description: "A store the fuzz tests own",
      websiteUrl: "https://shop.example.com",
      paypalClientId: world.clientId,
      paypalSecret: "",
      paypalEnvironment: "sandbox",
      paypalWebhookId: "",
      timeZone: "Europe/Paris",
      saleAlertsEnabled: true,
      dailyDigestEnabled: false,
      supportEmail: "help@example.test",
    },
    "merchant.store.setTimeZoneIfUnset": { timeZone: "Europe/Paris" },
    "merchant.store.setLogo": { fileId: world.logo.id },
    "merchant.payments.list": { q: "example", status: "completed", ...window, sort: "amount", dir: "asc", page: 1 },
    "merchant.payments.get": { id: payment.id },
    "merchant.payments.refund": {
      paymentId: payment.id,
      amountMinor: 1,
      reason: "Fuzz",
      idempotencyKey: world.idempotencyKey,
    },
    "merchant.payments.shipments": { status: "unfulfilled", q: "example", page: 1 },
    "merchant.apiKeys.create": { name: "Warehouse sync", scope: "read" },
    "merchant.apiKeys.revoke": { id: "missing" },
    "merchant.disputes.list": { show: "all" },
    "merchant.disputes.get": { id: "missing" },
    "merchant.disputes.evidence": { id: "missing" },
    "merchant.disputes.pauseAccess": { id: "missing", paused: true },
    "merchant.disputes.acceptClaim": { id: "missing", note: "We agree." },
    "merchant.disputes.sendMessage": { id: "missing", message: "Hello" },
    "merchant.payments.markShipped": {
      id: payment.id,
      carrier: "OTHER",
      carrierName: "Fuzz Post",
      trackingNumber: "FUZZ-123",
      notifyBuyer: false,
    },
    "merchant.payments.markDelivered": { id: payment.id },
    "merchant.payments.markShippedFromCsv": {
      csv: `Transaction ID,Carrier,Tracking number\n${payment.paypalTransactionId},UPS,1Z999`,
      notifyBuyer: false,
    },
    "merchant.store.updateShipping": {
      zones: [
        {
          name: "Fuzz zone",
          currency: "USD",
          places: "US, CA-ON",
          rates: [{ name: "Standard", price: "5.00", perItem: "1.00", freeAbove: "50" }],
        },
      ],
      taxRates: [{ place: "US-NY", rate: "8.875" }],
      chargesEuVat: true,
    },
    "merchant.customers.list": { q: "example", ...window, sort: "spent", dir: "asc", page: 1 },
    "merchant.customers.get": { email: payment.payerEmail },
    "merchant.subscriptions.list": { buttonId: world.subscriptionButton.id, status: "active", page: 1 },
    "merchant.subscriptions.get": { id: world.subscription.id },
    "merchant.subscriptions.cancel": { subscriptionId: world.subscription.id, reason: "Fuzz" },
    "merchant.account.requestPasswordReset": { email: merchant.email },
    "merchant.account.resetPassword": {
      token: "fuzz-token",
      password: "fuzz-password",
      confirmPassword: "fuzz-password",
    },
    "merchant.account.changePassword": {
      currentPassword: merchant.password,
      newPassword: merchant.password,
      confirmPassword: merchant.password,
    },
    "pages.buttons.get": { id: world.button.id },
    "pages.buttons.create": buttonValues,
    "pages.buttons.update": { id: world.editable.button.id, values: buttonValues },
    "pages.buttons.setActive": { id: world.editable.button.id, isActive: true },
    "pages.buttons.delete": { id: world.spares.button.id },
    "merchant.discounts.create": discountValues,
    // No code of the world's: an update of a missing one still goes through the schema to the service.
    "merchant.discounts.update": { id: "fuzz-missing-code", values: discountValues },
    "merchant.licenses.list": { q: "example", status: "active", page: 1 },
    // No key of the world's: a change to a missing one still goes through the schema to the service.
    "merchant.licenses.setExpiry": { id: "fuzz-missing-key", expiry: "date", expiresAt: new Date(Date.now() + day) },
    "pages.sellPages.get": { id: world.sellPage.id },
    "pages.sellPages.create": sellPageValues,
    "pages.sellPages.update": { id: world.editable.sellPage.id, values: sellPageValues },
    "pages.sellPages.setActive": { id: world.editable.sellPage.id, isActive: true },
    "pages.sellPages.delete": { id: world.spares.sellPage.id },
    "pages.sellPages.analytics": { id: world.sellPage.id, period: "7d" },
    "pages.sellPages.uploadedFile": { fileId: world.image.id },
    "pages.sellPages.discardUpload": { fileId: world.spares.image.id },
    "wps.get": { id: world.wpsButton.id },
    "wps.create": wpsValues,
    "wps.update": { id: world.editable.wpsButton.id, values: wpsValues },
    "wps.setStatus": { id: world.editable.wpsButton.id, isActive: true },
    "wps.delete": { id: world.spares.wpsButton.id },
    "wps.convertToPaymentButton": { id: world.wpsButton.id },
    "wps.formFields": { id: world.wpsButton.id },
    "analytics.forButton": { buttonId: world.button.id, period: "90d" },
    "analytics.forWpsButton": { id: world.wpsButton.id, period: "all" },
    "analytics.dashboard": { range: "30d", granularity: "week", timeZone: "Europe/Paris" },
    "admin.users.list": { search: "staff", page: 1 },
    "admin.users.create": {
      username: unique("fuzz_"),
      email: `${unique("fuzz")}@staff.example.test`,
      password: "fuzz-password",
      name: "Fuzz Operator",
      description: "Made by the fuzz tests",
      role: "operator",
      isActive: true,
    },
    "admin.users.update": {
      id: operator.id,
      username: operator.username,
      email: operator.email,
      name: operator.name,
      description: "Fuzzed",
      role: "operator",
      isActive: true,
    },
    "admin.users.resetPassword": { id: operator.id, password: "fuzz-password" },
    "admin.users.delete": { id: world.spares.operator.id },
    "admin.merchants.list": { search: "example", page: 1 },
    "admin.merchants.get": { id: merchant.id },
    "admin.merchants.detail": { id: merchant.id, page: 1 },
    "admin.merchants.suspend": { id: world.otherMerchant.id },
    "admin.merchants.resume": { id: world.otherMerchant.id },
    "admin.merchants.listPops": { merchantId: merchant.id, kind: "sell_pages", page: 1 },
    "admin.transactions.list": {
      filters: { merchant: merchant.id, pop: "", status: "completed", from: "2026-01-01", to: "2099-12-31" },
      page: 1,
    },
    "admin.audit.list": { page: 1 },
    "admin.profile.update": { name: staff.name, email: staff.email },
    "admin.profile.changePassword": {
      currentPassword: staff.password,
      newPassword: staff.password,
      confirmPassword: staff.password,
    },
    "admin.jobs.retry": { id: randomUUID() },
    "admin.jobs.retryPayPalEvent": { id: world.event.id },
    "merchant.webhooks.updateUrl": { url: "http://127.0.0.1:9/popkit-fuzz" },
    "merchant.webhooks.listDeliveries": { state: "pending", page: 1 },
    "merchant.webhooks.getDelivery": { id: world.delivery.id },
    "merchant.webhooks.resend": { id: world.delivery.id },
  };
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: unknown;
};

const formatExamples: Record<string, () => string> = {
  email: () => "fuzz@example.test",
  uuid: () => randomUUID(),
  date: () => "2026-01-15",
  "date-time": () => "2026-01-15T10:00:00.000Z",
  uri: () => "https://example.com/",
};

function exampleOfJson(node: JsonSchema): unknown {
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0];
  if (node.default !== undefined) return node.default;
  if (node.anyOf) return exampleOfJson(node.anyOf.find((option) => option.type !== "null") ?? node.anyOf[0]!);
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (type === "object") {
    const required = new Set(node.required ?? []);
    return Object.fromEntries(
      Object.entries(node.properties ?? {})
        .filter(([key]) => required.has(key))
        .map(([key, child]) => [key, exampleOfJson(child)]),
    );
  }
  if (type === "array") return Array.from({ length: node.minItems ?? 1 }, () => exampleOfJson(node.items ?? {}));
  if (type === "integer" || type === "number") return node.minimum ?? (node.exclusiveMinimum ?? 0) + 1;
  if (type === "boolean") return true;
  if (type === "null") return null;
  const format = node.format && formatExamples[node.format];
  if (format) return format();
  const pattern = node.pattern ? new RegExp(node.pattern) : null;
  const candidates = ["fuzz", "fuzz_1", "FUZZ-1", "Fuzz", "1", "a1"].map((value) =>
    value.padEnd(node.minLength ?? 0, "x"),
  );
  return candidates.find((value) => !pattern || pattern.test(value)) ?? candidates[0];
}

/** A valid input made from the schema alone (its JSON Schema's required fields), or undefined if it does not parse. */
export function exampleFromSchema(schema: z.ZodType): unknown {
  try {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
    const example = exampleOfJson(json);
    return schema.safeParse(example).success ? example : undefined;
  } catch {
    return undefined;
  }
}

export function callerFor(who: Who, world: FuzzWorld) {
  if (who === "merchant") return merchantCaller(world.merchant);
  if (who === "staff") return staffCaller({ ...world.staff, role: "super_admin" });
  return anonymousCaller();
}

/** A procedure's answer in HTTP terms: what the tRPC route would send for it. */
export async function callProcedure(caller: unknown, path: string, input: unknown): Promise<Outcome> {
  const procedure = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  try {
    await (procedure as (input: unknown) => Promise<unknown>)(input);
    return { status: 200, code: "OK", message: "" };
  } catch (error) {
    if (!(error instanceof TRPCError)) return { status: 500, code: "THROWN", message: describeError(error) };
    const status = getHTTPStatusCodeFromError(error);
    return { status, code: error.code, message: status >= 500 ? describeError(error.cause ?? error) : error.message };
  }
}

class ProcedureCase {
  constructor(
    readonly who: Who,
    readonly variant: Variant,
  ) {}
  [fc.toStringMethod]() {
    return `as ${this.who}: ${this.variant.label}`;
  }
}

function casesFor(procedure: FuzzProcedure, valid: unknown): fc.Arbitrary<ProcedureCase> {
  const others = (["anonymous", "merchant", "staff"] as const).filter((who) => who !== procedure.tier);
  const who = fc.oneof(
    { weight: 9, arbitrary: fc.constant(procedure.tier) },
    { weight: 1, arbitrary: fc.constantFrom(...others) },
  );
  const whole = hostileValue.map((input): Variant => ({ input, label: `input = ${preview(input)}` }));
  const variant =
    valid === undefined
      ? whole
      : fc.oneof(
          { weight: 3, arbitrary: whole },
          { weight: 6, arbitrary: mutationOf(valid) },
          {
            weight: 1,
            arbitrary: fc
              .constant(null)
              .map((): Variant => ({ input: structuredClone(valid), label: "the valid input" })),
          },
        );
  return fc.tuple(who, variant).map(([caller, input]) => new ProcedureCase(caller, input));
}

/**
 * Fuzzes one procedure: no answer may be a 5xx, and a refused call (4xx) may not change any table. The valid input
 * and its mutations carry most of the weight; whole hostile values check the first line of defence.
 */
export function fuzzProcedure(options: {
  procedure: FuzzProcedure;
  valid: unknown;
  world: FuzzWorld;
  tracker: StateTracker;
  numRuns: number;
  seed: number;
}): Promise<TargetReport> {
  const { procedure, valid, world, tracker } = options;
  return runTarget({
    name: procedure.path,
    arbitrary: casesFor(procedure, valid),
    numRuns: options.numRuns,
    seed: options.seed,
    tracker,
    run: (fuzzCase) => callProcedure(callerFor(fuzzCase.who, world), procedure.path, fuzzCase.variant.input),
  });
}
