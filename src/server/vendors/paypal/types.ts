import type { BillingSubscriptionsV1, CheckoutOrdersV2 } from "@paypal/paypal-js";
import type { Currency } from "~/lib/money";

// PayPal's REST answers as paypal-js (or PayPal's spec) types them, and the shapes the client returns.

export type OrderSchemas = CheckoutOrdersV2["components"]["schemas"];
export type BillingSchemas = BillingSubscriptionsV1["components"]["schemas"];
// paypal-js 11.2's SubscriptionResponseBody is the *plan* schema by mistake; this is the subscription one.
export type SubscriptionResponse = BillingSchemas["subscription"];
export type PlanResponse = BillingSchemas["plan"];
export type SubscriptionReviseRequest = BillingSchemas["subscription_revise_request"];
export type SubscriptionRequest = BillingSchemas["subscription_request_post"];
export type SubscriptionReviseResponse = BillingSchemas["subscription_revise_response"];
export type PlanRequest = BillingSchemas["plan_request_POST"];
export type TransactionsResponse = BillingSchemas["transactions_list"];
export type RefundResponse = OrderSchemas["refund"];
/** v1 Payments (sales of a subscription): paypal-js ships no types for it; the fields we read, per PayPal's spec. */
export type SaleRefundResponse = {
  id?: string;
  state?: "pending" | "completed" | "cancelled" | "failed";
  amount?: { total?: string; currency?: string };
  sale_id?: string;
  create_time?: string;
};
/** Catalog Products v1: paypal-js ships no types for it; the fields we send and read, per PayPal's spec. */
export type ProductRequest = { name: string; description?: string; type: "DIGITAL" };
export type ProductResponse = { id?: string };
export type PayPalErrorBody = { name?: string; debug_id?: string; details?: OrderSchemas["error_details"][] };

export type OrderStatus = OrderSchemas["order_status"];
export type CaptureStatus = NonNullable<OrderSchemas["capture_status"]["status"]>;
export type SubscriptionStatus = NonNullable<SubscriptionResponse["status"]>;

export interface PayPalMoney {
  currency: Currency;
  valueMinor: number;
}

export interface PayPalPayer {
  /** PayPal may leave it out (e.g. a guest card payment): the e-mail and name are still kept. */
  payerId: string | null;
  email: string | null;
  givenName: string | null;
  surname: string | null;
}

export interface PayPalCapture {
  id: string;
  /** PayPal's fee, when PayPal reports it (seller_receivable_breakdown.paypal_fee). */
  fee: PayPalMoney | null;
  /** PENDING and DECLINED come back as a successful (201) capture call: the caller must branch on this. */
  status: CaptureStatus;
  /** PayPal's reason for a PENDING or DENIED capture, e.g. PENDING_REVIEW. */
  statusReason: string | null;
  amount: PayPalMoney;
  customId: string | null;
  createTime: string | null;
}

export interface PayPalOrder {
  id: string;
  status: OrderStatus;
  amount: PayPalMoney;
  customId: string | null;
  /** Known once the buyer has approved. */
  payer: PayPalPayer | null;
  /** Present once the order is captured. */
  capture: PayPalCapture | null;
  /**
   * The buyer's PayPal wallet saved by this order (store_in_vault ON_SUCCESS, once captured): the payment token
   * later orders may charge without the buyer. Null when nothing was saved.
   */
  vault: { id: string; status: string; customerId: string | null } | null;
  /** Where the buyer asked it shipped (an order created with shipping), once approved; null otherwise. */
  shipping: ShippingAddress | null;
  /** The shipping option the buyer chose in PayPal's window (its id, as our order-update callback offered it). */
  shippingOptionId: string | null;
}

/** A purchase unit's shipping name and address, as PayPal's buyer chose it in PayPal's window. */
export interface ShippingAddress {
  name: string | null;
  line1: string | null;
  line2: string | null;
  /** admin_area_2: the city or town. */
  city: string | null;
  /** admin_area_1: the state, province or region (a code such as CA where the country has them). */
  region: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

export interface CapturedOrder extends PayPalOrder {
  capture: PayPalCapture;
}

export interface CreatedOrder {
  id: string;
  status: OrderStatus;
  /** Where to send the buyer in the redirect flow (the JS SDK needs only the id). */
  approveUrl: string | null;
}

export interface PayPalSubscription {
  id: string;
  status: SubscriptionStatus;
  planId: string;
  customId: string | null;
  startTime: string | null;
  subscriber: PayPalPayer | null;
  /** billing_info: when PayPal bills next, its last payment, and failures since the last success. */
  nextBillingTime: string | null;
  lastPaymentTime: string | null;
  failedPaymentsCount: number;
  lastFailedPaymentTime: string | null;
  /** The tax PayPal adds to each payment: the subscription's own (created with an inline plan) or none. */
  taxes: { percentage: string; inclusive: boolean } | null;
}

/** One payment of a subscription, as GET /v1/billing/subscriptions/{id}/transactions lists it. */
export interface PayPalSubscriptionSale {
  id: string;
  /** COMPLETED, DECLINED, PARTIALLY_REFUNDED, PENDING or REFUNDED. */
  status: string;
  amount: PayPalMoney;
  fee: PayPalMoney | null;
  time: string;
  payerEmail: string | null;
  payerName: string | null;
}

export type PlanIntervalUnit = "DAY" | "WEEK" | "MONTH" | "YEAR";

export interface PayPalPlan {
  id: string;
  /** The catalog product the plan is on: PayPal revises a subscription only to a plan of the same product. */
  productId: string;
  status: "CREATED" | "INACTIVE" | "ACTIVE";
  /** The REGULAR cycle's fixed price (what each renewal charges). */
  price: PayPalMoney;
  intervalUnit: PlanIntervalUnit;
  intervalCount: number;
}

export interface PayPalRefund {
  id: string;
  /** PayPal's refund status, upper case: COMPLETED, PENDING, FAILED or CANCELLED. */
  status: string;
  amount: PayPalMoney;
  createTime: string | null;
}

export interface PayPalClientConfig {
  apiBase: string;
  clientId: string;
  secret: string;
  fetch?: typeof fetch;
}
