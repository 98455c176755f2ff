import { type RestContext, type SandboxCore, readJsonObject, sendJson } from "./http";
import { findBuyer } from "./identities";
import { minorOf, moneyOf } from "./money";
import { badField } from "./plan-input";
import { chargeSale, emitSaleCompleted, saleView } from "./sales";
import { type Plan, type Sale, type Subscription, nowIso } from "./state";
import { addInterval, currentCycle } from "./subscription-cycles";
import {
  bodyIssue,
  emitSubscription,
  ownSubscription,
  planOf,
  setStatus,
  statusInvalid,
  subscriptionView,
} from "./subscriptions";

// What PayPal does on its own to a subscription: activate it on approval, bill its cycles, expire it.

type CycleOutcome = { sale?: Sale; failed?: boolean; expired?: boolean; suspended?: boolean };

/**
 * Runs the subscription's next billing cycle: charges its price (none for a free trial), counts it, moves
 * next_billing_time on by the cycle's interval, and expires the subscription after its last cycle. A failed
 * payment leaves the cycle to retry, and suspends the subscription at the plan's payment_failure_threshold.
 */
function runCycle(core: SandboxCore, sub: Subscription, plan: Plan, fail: boolean): CycleOutcome {
  const billing = sub.billing!;
  const index = currentCycle(plan, billing)!;
  const cycle = plan.billing_cycles[index]!;
  const price = cycle.pricing_scheme?.fixed_price;
  const units = plan.quantity_supported ? Number(sub.quantity) : 1;
  const base = price && minorOf(price) * units;
  // Tax on the billing amount, added unless the plan says its price includes it.
  const taxes = sub.plan_override?.taxes ?? plan.taxes;
  const taxMinor = base && taxes && !taxes.inclusive ? Math.round((base * Number(taxes.percentage)) / 100) : 0;
  const amount = price && moneyOf(base! + taxMinor, price.currency_code);
  const now = nowIso();
  if (fail && amount && minorOf(amount) > 0) {
    billing.failed_payments_count++;
    billing.outstanding_balance = amount;
    billing.last_failed_payment = { amount, time: now, reason_code: "PAYMENT_DENIED" };
    const threshold = plan.payment_preferences.payment_failure_threshold;
    if (threshold > 0 && billing.failed_payments_count >= threshold) {
      setStatus(sub, "SUSPENDED", "Payment failure threshold reached");
      sub.suspendedForFailures = true;
      return { failed: true, suspended: true };
    }
    return { failed: true };
  }
  const sale =
    amount && minorOf(amount) > 0
      ? chargeSale(core, sub, amount, taxMinor > 0 ? moneyOf(taxMinor, amount.currency_code) : undefined)
      : undefined;
  if (sale) billing.last_payment = { amount: sale.amount, time: sale.create_time };
  billing.failed_payments_count = 0;
  billing.outstanding_balance = moneyOf(0, billing.outstanding_balance.currency_code);
  billing.cyclesCompleted[index]!++;
  billing.next_billing_time = addInterval(billing.next_billing_time ?? now, cycle.frequency);
  sub.update_time = now;
  if (currentCycle(plan, billing) === undefined) {
    setStatus(sub, "EXPIRED");
    return { sale, expired: true };
  }
  return { sale };
}

/** Events for what a cycle did: the payment, then what it did to the subscription. */
function emitCycle(core: SandboxCore, sub: Subscription, outcome: CycleOutcome) {
  if (outcome.sale) emitSaleCompleted(core, outcome.sale);
  if (outcome.failed) emitSubscription(core, sub, "PAYMENT.FAILED");
  if (outcome.suspended) emitSubscription(core, sub, "SUSPENDED");
  if (outcome.expired) emitSubscription(core, sub, "EXPIRED");
}

/**
 * The buyer approves in the buyer window: the subscription becomes ACTIVE and PayPal takes the setup fee (a sale
 * of its own) and the first cycle (nothing for a free trial).
 */
export function approveSubscription(
  core: SandboxCore,
  id: string,
  buyerId: unknown,
  clientId?: string,
  email?: unknown,
): Subscription {
  const sub = ownSubscription(core.store, id, clientId);
  const buyer = findBuyer(buyerId);
  if (!buyer) throw bodyIssue("INVALID_PARAMETER_VALUE", "Unknown test buyer.", "/buyer");
  if (sub.status !== "APPROVAL_PENDING") throw statusInvalid("approve", "APPROVAL_PENDING");
  const plan = planOf(core.store, sub);
  const currency = plan.billing_cycles.at(-1)!.pricing_scheme!.fixed_price.currency_code;
  // As with orders, the buyer window's "PayPal account e-mail" stands in for the persona's own address.
  sub.subscriber =
    typeof email === "string" && /^[^\s@]+@[^\s@]+$/.test(email)
      ? { ...buyer.payer, email_address: email }
      : buyer.payer;
  setStatus(sub, "ACTIVE");
  sub.billing = {
    cyclesCompleted: plan.billing_cycles.map(() => 0),
    outstanding_balance: moneyOf(0, currency),
    failed_payments_count: 0,
  };
  const setupFee = plan.payment_preferences.setup_fee;
  const setupSale = setupFee && minorOf(setupFee) > 0 ? chargeSale(core, sub, setupFee) : undefined;
  if (setupSale) sub.billing.last_payment = { amount: setupSale.amount, time: setupSale.create_time };
  const outcome = runCycle(core, sub, plan, false);
  // ACTIVATED first, already showing the payments in billing_info, then the sales themselves.
  emitSubscription(core, sub, "ACTIVATED");
  if (setupSale) emitSaleCompleted(core, setupSale);
  emitCycle(core, sub, outcome);
  return sub;
}

/** The sandbox's clock moves to the next billing date: PayPal bills the next cycle, or fails to (`fail`). */
export function billSubscription(core: SandboxCore, id: string, fail = false) {
  const sub = ownSubscription(core.store, id, undefined);
  if (sub.status !== "ACTIVE") throw statusInvalid("billing", "active");
  const outcome = runCycle(core, sub, planOf(core.store, sub), fail);
  emitCycle(core, sub, outcome);
  return { subscription: subscriptionView(core.store, core.base, sub), sale: outcome.sale };
}

/** The subscription reaches its end outside of its billing cycles (as when PayPal expires it). */
export function expireSubscription(core: SandboxCore, id: string) {
  const sub = ownSubscription(core.store, id, undefined);
  if (sub.status !== "ACTIVE" && sub.status !== "SUSPENDED") throw statusInvalid("expire", "active or suspended");
  setStatus(sub, "EXPIRED");
  emitSubscription(core, sub, "EXPIRED");
  return sub;
}

/** POST /__sandbox/subscriptions/{id}/bill {fail?} -> {subscription, sale?} */
export async function handleBill(ctx: RestContext, id: string) {
  const body = await readJsonObject(ctx.req, true);
  if (body.fail !== undefined && typeof body.fail !== "boolean") throw badField("INVALID_PARAMETER_SYNTAX", "/fail");
  const { subscription, sale } = billSubscription(ctx, id, body.fail === true);
  sendJson(ctx.res, 200, { subscription, ...(sale && { sale: saleView(ctx.base, sale) }) });
}

/** POST /__sandbox/subscriptions/{id}/expire -> the subscription */
export async function handleExpire(ctx: RestContext, id: string) {
  await readJsonObject(ctx.req, true);
  const sub = expireSubscription(ctx, id);
  sendJson(ctx.res, 200, subscriptionView(ctx.store, ctx.base, sub));
}
