import { requireClient } from "./auth";
import {
  type RestContext,
  type SandboxCore,
  notFound,
  readJsonObject,
  sendJson,
  unprocessable,
  wantsRepresentation,
} from "./http";
import { withIdempotency } from "./orders";
import { detail } from "./order-input";
import { badField, parsePlan, parseProduct } from "./plan-input";
import { type IntervalUnit, type Plan, type Product, type Store, nowIso, paypalId } from "./state";

// Catalog Products v1 and the plans of Subscriptions v1.

export function productView(base: string, product: Product) {
  const self = `${base}/v1/catalogs/products/${product.id}`;
  const { clientId: _, ...fields } = product;
  return {
    ...fields,
    links: [
      { href: self, rel: "self", method: "GET" },
      { href: self, rel: "edit", method: "PATCH" },
    ],
  };
}

export function planView(base: string, plan: Plan) {
  const self = `${base}/v1/billing/plans/${plan.id}`;
  const { clientId: _, ...fields } = plan;
  return {
    ...fields,
    usage_type: "LICENSED",
    links: [
      { href: self, rel: "self", method: "GET" },
      { href: self, rel: "edit", method: "PATCH" },
      plan.status === "ACTIVE"
        ? { href: `${self}/deactivate`, rel: "deactivate", method: "POST" }
        : { href: `${self}/activate`, rel: "activate", method: "POST" },
    ],
  };
}

/** Another app's product or plan is, to this client, one that does not exist. */
function own<T extends { clientId: string }>(table: Record<string, T>, id: string, clientId: string): T {
  const found = table[id];
  if (!found || found.clientId !== clientId) throw notFound(id);
  return found;
}

export const ownPlan = (store: Store, id: string, clientId: string) => own(store.data.plans, id, clientId);

function saveProduct(store: Store, clientId: string, input: ReturnType<typeof parseProduct>): Product {
  const id = input.id ?? `PROD-${paypalId()}`;
  if (store.data.products[id]) {
    throw unprocessable([detail("DUPLICATE_RESOURCE_IDENTIFIER", "Identifier must be unique.", "/id", id)]);
  }
  const now = nowIso();
  const product: Product = { ...input, id, clientId, create_time: now, update_time: now };
  store.data.products[id] = product;
  return product;
}

function savePlan(store: Store, clientId: string, body: Record<string, unknown>): Plan {
  const now = nowIso();
  const input = parsePlan(body, now);
  const product = store.data.products[input.product_id];
  if (!product || product.clientId !== clientId)
    throw badField("INVALID_PARAMETER_VALUE", "/product_id", input.product_id);
  const plan: Plan = { ...input, id: `P-${paypalId(24)}`, clientId, create_time: now, update_time: now };
  store.data.plans[plan.id] = plan;
  return plan;
}

export async function createProduct(ctx: RestContext) {
  const clientId = requireClient(ctx.store, ctx.req);
  await withIdempotency(ctx, clientId, async () => {
    const product = saveProduct(ctx.store, clientId, parseProduct(await readJsonObject(ctx.req)));
    const full = productView(ctx.base, product);
    const { id, name, description, create_time: createTime, links } = full;
    return {
      status: 201,
      body: wantsRepresentation(ctx.req) ? full : { id, name, description, create_time: createTime, links },
    };
  });
}

export function getProduct(ctx: RestContext, id: string) {
  const product = own(ctx.store.data.products, id, requireClient(ctx.store, ctx.req));
  sendJson(ctx.res, 200, productView(ctx.base, product));
}

export async function createPlan(ctx: RestContext) {
  const clientId = requireClient(ctx.store, ctx.req);
  await withIdempotency(ctx, clientId, async () => {
    const plan = savePlan(ctx.store, clientId, await readJsonObject(ctx.req));
    const full = planView(ctx.base, plan);
    const { id, product_id: productId, name, status, description, usage_type: usage, create_time, links } = full;
    return {
      status: 201,
      body: wantsRepresentation(ctx.req)
        ? full
        : { id, product_id: productId, name, status, description, usage_type: usage, create_time, links },
    };
  });
}

export function getPlan(ctx: RestContext, id: string) {
  const plan = ownPlan(ctx.store, id, requireClient(ctx.store, ctx.req));
  sendJson(ctx.res, 200, planView(ctx.base, plan));
}

/** POST /v1/billing/plans/{id}/activate and /deactivate: 204, or 422 from the wrong status. */
export async function setPlanStatus(ctx: RestContext, id: string, action: "activate" | "deactivate") {
  const plan = ownPlan(ctx.store, id, requireClient(ctx.store, ctx.req));
  await readJsonObject(ctx.req, true);
  const allowed = action === "activate" ? plan.status !== "ACTIVE" : plan.status === "ACTIVE";
  if (!allowed) {
    throw unprocessable([
      {
        issue: "PLAN_STATUS_INVALID",
        description:
          action === "activate"
            ? "Invalid plan status for activate action; plan status should be either created or inactive."
            : "Invalid plan status for deactivate action; plan status should be active.",
      },
    ]);
  }
  plan.status = action === "activate" ? "ACTIVE" : "INACTIVE";
  plan.update_time = nowIso();
  ctx.res.writeHead(204).end();
}

export interface SandboxPlanInput {
  clientId: string;
  /** The regular cycle's price, e.g. "9.99". */
  price: string;
  currency: string;
  intervalUnit: IntervalUnit;
  intervalCount: number;
  /** A free trial of this many days before the first regular payment. */
  trialDays?: number;
  setupFee?: string;
  /** Failed payments in a row before PayPal suspends the subscription; default 3, 0 = never. */
  paymentFailureThreshold?: number;
  /** Regular cycles before the subscription expires; default 0 = until cancelled. */
  totalCycles?: number;
  /** An existing product of this client to put the plan on (PayPal revises only between plans of one product). */
  productId?: string;
}

/**
 * What a merchant does in PayPal's dashboard: an ACTIVE plan on a new product (or on `productId`), through the
 * API's validation.
 */
export function createSandboxPlan(core: SandboxCore, input: SandboxPlanInput): Plan {
  const productId =
    input.productId === undefined
      ? saveProduct(core.store, input.clientId, { name: "Sandbox subscription", type: "SERVICE" }).id
      : input.productId;
  const regular = {
    frequency: { interval_unit: input.intervalUnit, interval_count: input.intervalCount },
    tenure_type: "REGULAR",
    total_cycles: input.totalCycles ?? 0,
    pricing_scheme: { fixed_price: { currency_code: input.currency, value: input.price } },
  };
  const trial = input.trialDays && {
    frequency: { interval_unit: "DAY", interval_count: input.trialDays },
    tenure_type: "TRIAL",
    total_cycles: 1,
  };
  const cycles = trial ? [trial, regular] : [regular];
  return savePlan(core.store, input.clientId, {
    product_id: productId,
    name: `${input.price} ${input.currency} every ${input.intervalCount} ${input.intervalUnit}`,
    billing_cycles: cycles.map((cycle, i) => ({ ...cycle, sequence: i + 1 })),
    payment_preferences: {
      ...(input.setupFee && { setup_fee: { currency_code: input.currency, value: input.setupFee } }),
      payment_failure_threshold: input.paymentFailureThreshold ?? 3,
    },
  });
}
