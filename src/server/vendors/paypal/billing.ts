import { toDecimalString } from "~/lib/money";
import { type PayPalApi, required, toMoney, toPayer } from "~/server/vendors/paypal/http";
import type {
  PayPalMoney,
  PayPalPlan,
  PayPalSubscription,
  PayPalSubscriptionSale,
  PlanIntervalUnit,
  PlanRequest,
  PlanResponse,
  ProductRequest,
  ProductResponse,
  SubscriptionRequest,
  SubscriptionResponse,
  SubscriptionReviseRequest,
  SubscriptionReviseResponse,
  TransactionsResponse,
} from "~/server/vendors/paypal/types";

// Subscriptions v1 and Catalog Products v1: a subscription button's product and plan, and its subscriptions with
// their payments.

export function toSubscription(sub: SubscriptionResponse): PayPalSubscription {
  const billing = sub.billing_info;
  return {
    id: required(sub.id, "subscription id"),
    status: required(sub.status, "subscription status"),
    planId: required(sub.plan_id, "plan id"),
    customId: sub.custom_id ?? null,
    startTime: sub.start_time ?? null,
    subscriber: toPayer(sub.subscriber?.payer_id, sub.subscriber?.email_address, sub.subscriber?.name),
    nextBillingTime: billing?.next_billing_time ?? null,
    lastPaymentTime: billing?.last_payment?.time ?? null,
    failedPaymentsCount: billing?.failed_payments_count ?? 0,
    lastFailedPaymentTime: billing?.last_failed_payment?.time ?? null,
    taxes:
      sub.plan_overridden && sub.plan?.taxes?.percentage
        ? { percentage: sub.plan.taxes.percentage, inclusive: sub.plan.taxes.inclusive ?? true }
        : null,
  };
}

function toPlan(plan: PlanResponse): PayPalPlan {
  const regular = plan.billing_cycles?.find((cycle) => cycle.tenure_type === "REGULAR");
  const price = regular?.pricing_scheme?.fixed_price;
  return {
    id: required(plan.id, "plan id"),
    productId: required(plan.product_id, "plan product id"),
    status: required(plan.status, "plan status"),
    price: toMoney(price ? { currency_code: price.currency_code, value: price.value } : undefined, "plan price"),
    intervalUnit: required(regular?.frequency.interval_unit, "plan interval"),
    intervalCount: regular?.frequency.interval_count ?? 1,
  };
}

/** The billing calls of a seller's client: products, plans, subscriptions and their sales. */
export function billingCalls(api: PayPalApi) {
  /** POST .../cancel|suspend|activate {reason}: 204 when done. */
  async function changeStatus(subscriptionId: string, action: "cancel" | "suspend" | "activate", reason: string) {
    await api("POST", `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/${action}`, {
      // PayPal caps the reason at 128 characters and requires one.
      body: JSON.stringify({ reason: reason.slice(0, 127) || "Requested" }),
      allowEmpty: true,
    });
  }

  return {
    /**
     * Creates a subscription to `planId` for the buyer to approve in PayPal's window: its id. `taxPercentage` adds
     * that tax to every payment of this subscription alone (PayPal's inline plan override), e.g. the buyer country's
     * VAT. A repeated requestId returns the same subscription.
     */
    async createSubscription(input: {
      planId: string;
      customId: string;
      taxPercentage: string | null;
      requestId: string;
    }): Promise<{ id: string }> {
      const request: SubscriptionRequest = {
        plan_id: input.planId,
        custom_id: input.customId,
        ...(input.taxPercentage !== null && { plan: { taxes: { percentage: input.taxPercentage, inclusive: false } } }),
      };
      const sub = await api<SubscriptionResponse>("POST", "/v1/billing/subscriptions", {
        body: JSON.stringify(request),
        requestId: input.requestId,
      });
      return { id: required(sub.id, "subscription id") };
    },

    async getSubscription(subscriptionId: string): Promise<PayPalSubscription> {
      const sub = await api<SubscriptionResponse>(
        "GET",
        `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`,
      );
      return toSubscription(sub);
    },

    /** The subscription's payments between two instants (PayPal lists at most the last 3 years). */
    async listSubscriptionSales(subscriptionId: string, from: Date, to: Date): Promise<PayPalSubscriptionSale[]> {
      const query = new URLSearchParams({ start_time: from.toISOString(), end_time: to.toISOString() });
      const result = await api<TransactionsResponse>(
        "GET",
        `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/transactions?${query}`,
      );
      return (result.transactions ?? []).map((sale) => ({
        id: required(sale.id, "sale id"),
        status: required(sale.status, "sale status"),
        amount: toMoney(sale.amount_with_breakdown?.gross_amount, "sale amount"),
        fee: sale.amount_with_breakdown?.fee_amount ? toMoney(sale.amount_with_breakdown.fee_amount, "sale fee") : null,
        time: required(sale.time, "sale time"),
        payerEmail: sale.payer_email ?? null,
        payerName: [sale.payer_name?.given_name, sale.payer_name?.surname].filter(Boolean).join(" ") || null,
      }));
    },

    /** Cancels a subscription at PayPal (204); PayPal refuses one already cancelled or expired (422). */
    cancelSubscription: (subscriptionId: string, reason: string) => changeStatus(subscriptionId, "cancel", reason),

    /** Pauses billing (204); PayPal refuses a subscription that is not ACTIVE (422). */
    suspendSubscription: (subscriptionId: string, reason: string) => changeStatus(subscriptionId, "suspend", reason),

    /**
     * Resumes a suspended subscription (204); PayPal refuses one not SUSPENDED, or suspended for reaching its
     * failed-payment threshold (422 SUBSCRIPTION_CANNOT_BE_ACTIVATED).
     */
    activateSubscription: (subscriptionId: string, reason: string) => changeStatus(subscriptionId, "activate", reason),

    /**
     * Asks PayPal to move the subscription to another plan: nothing changes until the buyer approves at the answer's
     * approve link, after which PayPal sends them to returnUrl (cancelUrl if they decline).
     */
    async reviseSubscription(
      subscriptionId: string,
      planId: string,
      urls: { returnUrl: string; cancelUrl: string },
    ): Promise<{ approveUrl: string }> {
      const request: SubscriptionReviseRequest = {
        plan_id: planId,
        application_context: { return_url: urls.returnUrl, cancel_url: urls.cancelUrl },
      };
      const answer = await api<SubscriptionReviseResponse>(
        "POST",
        `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/revise`,
        { body: JSON.stringify(request) },
      );
      const approve = answer.links?.find((link) => link.rel === "approve")?.href;
      return { approveUrl: required(approve, "approve link") };
    },

    async getPlan(planId: string): Promise<PayPalPlan> {
      return toPlan(await api<PlanResponse>("GET", `/v1/billing/plans/${encodeURIComponent(planId)}`));
    },

    /** Creates a catalog product (what a plan is attached to): its id. A repeated requestId returns the same one. */
    async createProduct(input: { name: string; description?: string; type: "DIGITAL"; requestId: string }) {
      const request: ProductRequest = {
        // PayPal caps the name at 127 characters and the description at 256.
        name: input.name.slice(0, 127),
        ...(input.description && { description: input.description.slice(0, 256) }),
        type: input.type,
      };
      const product = await api<ProductResponse>("POST", "/v1/catalogs/products", {
        body: JSON.stringify(request),
        requestId: input.requestId,
      });
      return { id: required(product.id, "product id") };
    },

    /**
     * Creates an ACTIVE plan of one regular cycle at a fixed price, billed until cancelled. A repeated requestId
     * returns the same plan instead of a second one.
     */
    async createPlan(input: {
      productId: string;
      name: string;
      price: PayPalMoney;
      intervalUnit: PlanIntervalUnit;
      intervalCount: number;
      requestId: string;
    }): Promise<PayPalPlan> {
      const request: PlanRequest = {
        product_id: input.productId,
        name: input.name.slice(0, 127),
        status: "ACTIVE",
        billing_cycles: [
          {
            frequency: { interval_unit: input.intervalUnit, interval_count: input.intervalCount },
            tenure_type: "REGULAR",
            sequence: 1,
            total_cycles: 0,
            pricing_scheme: {
              fixed_price: {
                currency_code: input.price.currency,
                value: toDecimalString(input.price.valueMinor, input.price.currency),
              },
            },
          },
        ],
        payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
      };
      const plan = await api<PlanResponse>("POST", "/v1/billing/plans", {
        body: JSON.stringify(request),
        requestId: input.requestId,
        // The minimal answer has no billing cycles, which toPlan reads the price and interval from.
        prefer: "return=representation",
      });
      return toPlan(plan);
    },
  };
}
