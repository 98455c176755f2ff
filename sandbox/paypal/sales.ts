import { requireClient } from "./auth";
import {
  PayPalError,
  type RestContext,
  type SandboxCore,
  isObject,
  permissionDenied,
  readJsonObject,
  sendJson,
} from "./http";
import { AMOUNT_ISSUE_DESCRIPTIONS, minorOf, moneyOf, paypalFee, toMinor } from "./money";
import { withIdempotency } from "./orders";
import { dashboardAmount, newRefund, refundsOf } from "./refunds";
import { type Money, type Refund, type Sale, type Store, type Subscription, nowIso, paypalId } from "./state";

// Subscription payments as PayPal reports them: v1 sales (Payments v1), their refunds and PAYMENT.SALE.* events.

const v1Amount = (money: Money) => ({ total: money.value, currency: money.currency_code });
const v1Fee = (money: Money) => ({ value: money.value, currency: money.currency_code });

export function saleView(base: string, sale: Sale) {
  const self = `${base}/v1/payments/sale/${sale.id}`;
  return {
    id: sale.id,
    state: sale.state,
    amount: {
      ...v1Amount(sale.amount),
      details: sale.tax
        ? {
            subtotal: moneyOf(minorOf(sale.amount) - minorOf(sale.tax), sale.amount.currency_code).value,
            tax: sale.tax.value,
          }
        : { subtotal: sale.amount.value },
    },
    payment_mode: "INSTANT_TRANSFER",
    protection_eligibility: "ELIGIBLE",
    protection_eligibility_type: "ITEM_NOT_RECEIVED_ELIGIBLE,UNAUTHORIZED_PAYMENT_ELIGIBLE",
    transaction_fee: { value: sale.fee.value, currency: sale.fee.currency_code },
    billing_agreement_id: sale.subscriptionId,
    ...(sale.custom && { custom: sale.custom }),
    parent_payment: sale.parent_payment,
    create_time: sale.create_time,
    update_time: sale.update_time,
    links: [
      { href: self, rel: "self", method: "GET" },
      { href: `${self}/refund`, rel: "refund", method: "POST" },
    ],
  };
}

export function saleRefundView(store: Store, base: string, refund: Refund) {
  const sale = store.data.sales[refund.parentId]!;
  const currency = refund.amount.currency_code;
  return {
    id: refund.id,
    state: "completed",
    amount: v1Amount(refund.amount),
    refund_from_transaction_fee: v1Fee(refund.fee),
    refund_from_received_amount: v1Fee(moneyOf(minorOf(refund.amount) - minorOf(refund.fee), currency)),
    total_refunded_amount: v1Fee(moneyOf(refundsOf(store, sale.id, refund).amount, currency)),
    sale_id: sale.id,
    parent_payment: sale.parent_payment,
    ...(refund.reason && { reason: refund.reason }),
    ...(refund.invoice_id && { invoice_number: refund.invoice_id }),
    ...(refund.note_to_payer && { description: refund.note_to_payer }),
    create_time: refund.create_time,
    update_time: refund.create_time,
    links: [
      { href: `${base}/v1/payments/refund/${refund.id}`, rel: "self", method: "GET" },
      { href: `${base}/v1/payments/sale/${sale.id}`, rel: "sale", method: "GET" },
    ],
  };
}

/** Charges the subscriber `amount`; emitSaleCompleted reports it. */
export function chargeSale(core: SandboxCore, sub: Subscription, amount: Money, tax?: Money): Sale {
  const now = nowIso();
  const sale: Sale = {
    id: paypalId(),
    clientId: sub.clientId,
    subscriptionId: sub.id,
    parent_payment: `PAYID-${paypalId(24)}`,
    state: "completed",
    amount,
    ...(tax && { tax }),
    fee: moneyOf(paypalFee(minorOf(amount)), amount.currency_code),
    ...(sub.custom_id && { custom: sub.custom_id }),
    create_time: now,
    update_time: now,
  };
  core.store.data.sales[sale.id] = sale;
  return sale;
}

export function emitSaleCompleted(core: SandboxCore, sale: Sale) {
  core.events.emit(sale.clientId, sale.subscriptionId, {
    event_type: "PAYMENT.SALE.COMPLETED",
    resource_type: "sale",
    resource_version: "1.0",
    summary: `Payment completed for ${sale.amount.value} ${sale.amount.currency_code}`,
    resource: saleView(core.base, sale),
  });
}

const refused = (description: string) =>
  new PayPalError(400, "TRANSACTION_REFUSED", [{ issue: "TRANSACTION_REFUSED", description }]);

/** Refunds a sale (all that is left when `amount` is absent) and emits PAYMENT.SALE.REFUNDED. */
export function refundSale(
  core: SandboxCore,
  sale: Sale,
  amount: { currency: string; minor: number } | undefined,
  extra: Pick<Refund, "reason" | "invoice_id" | "note_to_payer"> = {},
): Refund {
  if (sale.state === "refunded") {
    throw new PayPalError(400, "TRANSACTION_ALREADY_REFUNDED", [
      {
        issue: "TRANSACTION_ALREADY_REFUNDED",
        description:
          "You can only refund a transaction up to the original amount. While you can do multiple partial refunds up to the original amount, you can only do a full refund once.",
      },
    ]);
  }
  if (amount && amount.currency !== sale.amount.currency_code) {
    throw refused("The partial refund must be the same currency as the original transaction.");
  }
  const left = minorOf(sale.amount) - refundsOf(core.store, sale.id).amount;
  if (amount && amount.minor > left) {
    throw refused("The partial refund amount must be less than or equal to the remaining amount.");
  }
  const refund = newRefund(core.store, sale, "sale", amount?.minor, extra);
  sale.state = amount && amount.minor < left ? "partially_refunded" : "refunded";
  sale.update_time = refund.create_time;
  core.events.emit(sale.clientId, sale.subscriptionId, {
    event_type: "PAYMENT.SALE.REFUNDED",
    resource_type: "refund",
    resource_version: "1.0",
    summary: `A ${refund.amount.value} ${refund.amount.currency_code} sale payment was refunded`,
    resource: saleRefundView(core.store, core.base, refund),
  });
  return refund;
}

const v1NotFound = () => new PayPalError(404, "INVALID_RESOURCE_ID");

function ownSale(store: Store, id: string, clientId: string) {
  const sale = store.data.sales[id];
  if (!sale) throw v1NotFound();
  if (sale.clientId !== clientId) throw permissionDenied();
  return sale;
}

const validationError = (field: string, issue: keyof typeof AMOUNT_ISSUE_DESCRIPTIONS | "INVALID_STRING_LENGTH") =>
  new PayPalError(400, "VALIDATION_ERROR", [
    {
      field,
      issue,
      description:
        issue === "INVALID_STRING_LENGTH"
          ? "The value of a field is either too short or too long."
          : AMOUNT_ISSUE_DESCRIPTIONS[issue],
    },
  ]);

/** The v1 refund body's amount {total, currency}: checked as v1 does, with VALIDATION_ERROR. */
function v1RefundAmount(body: Record<string, unknown>) {
  if (body.amount === undefined) return undefined;
  const { total, currency } = isObject(body.amount) ? body.amount : {};
  if (typeof currency !== "string") throw validationError("amount.currency", "INVALID_PARAMETER_SYNTAX");
  const minor = typeof total === "string" ? toMinor(total, currency) : { issue: "INVALID_PARAMETER_SYNTAX" as const };
  if (typeof minor !== "number") {
    throw validationError(minor.issue === "CURRENCY_NOT_SUPPORTED" ? "amount.currency" : "amount.total", minor.issue);
  }
  return { currency, minor };
}

function v1Text(body: Record<string, unknown>, key: string, max: number) {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length > max) throw validationError(key, "INVALID_STRING_LENGTH");
  return value;
}

export function getSale(ctx: RestContext, id: string) {
  const sale = ownSale(ctx.store, id, requireClient(ctx.store, ctx.req));
  sendJson(ctx.res, 200, saleView(ctx.base, sale));
}

/** POST /v1/payments/sale/{id}/refund {amount?{total, currency}, reason?, invoice_number?, description?} */
export async function handleSaleRefund(ctx: RestContext, id: string) {
  const clientId = requireClient(ctx.store, ctx.req);
  await withIdempotency(ctx, clientId, async () => {
    const body = await readJsonObject(ctx.req, true);
    const sale = ownSale(ctx.store, id, clientId);
    const refund = refundSale(ctx, sale, v1RefundAmount(body), {
      reason: v1Text(body, "reason", 30),
      invoice_id: v1Text(body, "invoice_number", 127),
      // v1's refund `description` is what v2 calls the note to the payer.
      note_to_payer: v1Text(body, "description", 255),
    });
    return { status: 201, body: saleRefundView(ctx.store, ctx.base, refund) };
  });
}

/** GET /v1/payments/refund/{id} (sale refunds) */
export function getSaleRefund(ctx: RestContext, id: string) {
  const clientId = requireClient(ctx.store, ctx.req);
  const refund = ctx.store.data.refunds[id];
  if (!refund || refund.kind !== "sale") throw v1NotFound();
  if (refund.clientId !== clientId) throw permissionDenied();
  sendJson(ctx.res, 200, saleRefundView(ctx.store, ctx.base, refund));
}

/** The merchant refunds a sale in PayPal's dashboard (all that is left unless `amount`). */
export function dashboardSaleRefund(core: SandboxCore, id: string, amount: unknown): Refund {
  const sale = core.store.data.sales[id];
  if (!sale) throw v1NotFound();
  return refundSale(core, sale, dashboardAmount(amount, sale.amount.currency_code));
}

/** POST /__sandbox/sales/{id}/refund {amount?} */
export async function handleDashboardSaleRefund(ctx: RestContext, id: string) {
  const body = await readJsonObject(ctx.req, true);
  sendJson(ctx.res, 201, saleRefundView(ctx.store, ctx.base, dashboardSaleRefund(ctx, id, body.amount)));
}
