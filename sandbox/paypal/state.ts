import { generateKeyPairSync, randomBytes, randomInt } from "node:crypto";

// The sandbox's records, one interface per kind, and the fresh state: kept in one file (past 400 lines) so the
// whole shape that persistence.ts saves reads in one place.

export interface Money {
  currency_code: string;
  value: string;
}

export interface Payer {
  payer_id: string;
  email_address: string;
  name: { given_name: string; surname: string };
  address: { country_code: string };
}

export interface Capture {
  id: string;
  orderId: string;
  clientId: string;
  /** Refunds move a COMPLETED capture to PARTIALLY_REFUNDED, then REFUNDED. */
  status: "COMPLETED" | "PENDING" | "DECLINED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  status_details?: { reason: string };
  amount: Money;
  fee?: Money;
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time?: string;
}

export interface PurchaseUnit {
  reference_id: string;
  amount: Record<string, unknown> & Money;
  payee: { email_address: string; merchant_id: string };
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  soft_descriptor?: string;
  items?: unknown[];
  /**
   * As given (SET_PROVIDED_ADDRESS) or the address the buyer picked once approved (GET_FROM_FILE); `options` as
   * created or as the merchant's order-update callback last answered, with the buyer's pick `selected`.
   */
  shipping?: Record<string, unknown> & { options?: ShippingOption[] };
  captureIds: string[];
  /** Added with POST /v2/checkout/orders/{id}/track once captured; the order view shows them under `shipping`. */
  trackers?: Tracker[];
}

export type ShippingType = "SHIPPING" | "PICKUP" | "PICKUP_IN_STORE" | "PICKUP_FROM_PERSON";

export interface ShippingOption {
  id: string;
  label: string;
  type?: ShippingType;
  amount?: Money;
  selected: boolean;
}

export type CallbackEvent = "SHIPPING_ADDRESS" | "SHIPPING_OPTIONS";

/** One call PayPal made to the merchant's order-update callback, as GET /__sandbox/orders/{id}/callbacks lists it. */
export interface CallbackCall {
  event: CallbackEvent;
  /** The test address (TEST_ADDRESSES id) and shipping option the buyer had picked. */
  address: string;
  option?: string;
  request: Record<string, unknown>;
  /** The answer's HTTP status; null when there was none (timeout, connection refused). */
  status: number | null;
  /** APPLIED: a valid 200 priced the order; REFUSED: a 422 the buyer sees; FALLBACK: the order as created. */
  outcome: "APPLIED" | "REFUSED" | "FALLBACK";
  /** The refusal's issue (COUNTRY_ERROR, METHOD_UNAVAILABLE, ...). */
  issue?: string;
  /** Why PayPal fell back: no answer, a status it does not act on, or what was wrong with the answer. */
  reason?: string;
  /** The answer's body, parsed when it is JSON. */
  response?: unknown;
  time: string;
}

/** payment_source.paypal.experience_context.order_update_callback_config, with what PayPal keeps to honour it. */
export interface OrderUpdateCallback {
  callback_events: CallbackEvent[];
  callback_url: string;
  /** The first purchase unit's amount and options as created: what PayPal falls back to when a call fails. */
  created: { amount: PurchaseUnit["amount"]; options?: ShippingOption[] };
  calls: CallbackCall[];
}

/** What the buyer picked in PayPal's window: a test address, the option then selected, and a refusal of them. */
export interface ShippingChoice {
  address: string;
  option?: string;
  refusal?: string;
}

export interface Tracker {
  /** `<capture_id>-<tracking_number>`, as PayPal makes it. */
  id: string;
  capture_id: string;
  tracking_number: string;
  carrier: string;
  carrier_name_other?: string;
  notify_payer: boolean;
  status: "SHIPPED" | "CANCELLED";
  items?: Record<string, unknown>[];
  create_time: string;
  update_time: string;
}

/** payment_source.paypal.attributes.vault of a create-order call: save the buyer's wallet once paid. */
export interface VaultRequest {
  store_in_vault: "ON_SUCCESS";
  usage_type: "MERCHANT" | "PLATFORM";
  customer_type: "CONSUMER" | "BUSINESS";
  permit_multiple_payment_tokens: boolean;
}

/** A saved PayPal wallet (Vault v3 payment token), usable only by the client id that saved it. */
export interface VaultToken {
  id: string;
  clientId: string;
  customerId: string;
  /** The test buyer who approved the first order: what a charge with the token does follows their persona. */
  buyerId: string;
  payer: Payer;
  usage_type: VaultRequest["usage_type"];
  customer_type: VaultRequest["customer_type"];
  create_time: string;
}

export type ShippingPreference = "GET_FROM_FILE" | "NO_SHIPPING" | "SET_PROVIDED_ADDRESS";

export interface Order {
  id: string;
  clientId: string;
  intent: "CAPTURE";
  status: "CREATED" | "APPROVED" | "COMPLETED";
  purchase_units: PurchaseUnit[];
  buyerId?: string;
  payer?: Payer;
  shipping_preference?: ShippingPreference;
  /** Only for GET_FROM_FILE, the one preference under which the buyer picks an address in PayPal's window. */
  order_update_callback?: OrderUpdateCallback;
  shipping_choice?: ShippingChoice;
  return_url?: string;
  cancel_url?: string;
  /** Asked to save the wallet; the token id and customer id once the capture saved it. */
  vault?: VaultRequest & { id?: string; customerId?: string };
  create_time: string;
  update_time: string;
}

export interface Product {
  id: string;
  clientId: string;
  name: string;
  type: "PHYSICAL" | "DIGITAL" | "SERVICE";
  description?: string;
  category?: string;
  image_url?: string;
  home_url?: string;
  create_time: string;
  update_time: string;
}

export type IntervalUnit = "DAY" | "WEEK" | "MONTH" | "YEAR";

export interface BillingCycle {
  frequency: { interval_unit: IntervalUnit; interval_count: number };
  tenure_type: "TRIAL" | "REGULAR";
  sequence: number;
  /** 0 = a regular cycle that repeats until cancelled. */
  total_cycles: number;
  /** Absent for a free trial. */
  pricing_scheme?: { version: number; fixed_price: Money; create_time: string; update_time: string };
}

export interface Plan {
  id: string;
  clientId: string;
  product_id: string;
  name: string;
  description?: string;
  status: "CREATED" | "ACTIVE" | "INACTIVE";
  /** Sorted by sequence. */
  billing_cycles: BillingCycle[];
  payment_preferences: {
    auto_bill_outstanding: boolean;
    setup_fee?: Money;
    setup_fee_failure_action: "CONTINUE" | "CANCEL";
    payment_failure_threshold: number;
  };
  taxes?: { percentage: string; inclusive: boolean };
  quantity_supported: boolean;
  create_time: string;
  update_time: string;
}

/** Where an active subscription stands in its plan's billing cycles. */
export interface SubscriptionBilling {
  /** Cycles completed, by index in the plan's billing_cycles. */
  cyclesCompleted: number[];
  outstanding_balance: Money;
  next_billing_time?: string;
  last_payment?: { amount: Money; time: string };
  failed_payments_count: number;
  last_failed_payment?: { amount: Money; time: string; reason_code: string };
}

export interface Subscription {
  id: string;
  clientId: string;
  plan_id: string;
  status: "APPROVAL_PENDING" | "ACTIVE" | "SUSPENDED" | "CANCELLED" | "EXPIRED";
  status_change_note?: string;
  /** PayPal refuses to re-activate a subscription it suspended for reaching the failure threshold. */
  suspendedForFailures?: boolean;
  billing?: SubscriptionBilling;
  quantity: string;
  custom_id?: string;
  subscriber?: Payer;
  /** The token PayPal puts in the approve link and hands to onApprove as orderID. */
  approval_token: string;
  return_url?: string;
  cancel_url?: string;
  /** A plan change asked for with revise, waiting for the buyer's approval behind its ba_token. */
  revision?: SubscriptionRevision;
  /** What the create call's inline `plan` overrode for this subscription alone (its taxes). */
  plan_override?: { taxes: NonNullable<Plan["taxes"]> };
  start_time: string;
  create_time: string;
  update_time: string;
  status_update_time: string;
}

export interface SubscriptionRevision {
  plan_id: string;
  /** The BA- token of the revision's approve link. */
  token: string;
  return_url?: string;
  cancel_url?: string;
}

/** A v1 sale: one subscription payment (setup fee or billing cycle). */
export interface Sale {
  id: string;
  clientId: string;
  subscriptionId: string;
  /** v1 sales belong to a payment resource; subscription sales get one id of their own. */
  parent_payment: string;
  state: "completed" | "partially_refunded" | "refunded";
  amount: Money;
  /** The tax inside amount, when the plan (or the subscription's override) adds one. */
  tax?: Money;
  fee: Money;
  custom?: string;
  create_time: string;
  update_time: string;
}

/** A refund of a v2 capture or of a v1 sale, made through the API or in PayPal's dashboard. */
export interface Refund {
  id: string;
  clientId: string;
  kind: "capture" | "sale";
  /** The capture or sale id. */
  parentId: string;
  amount: Money;
  /** The part of PayPal's fee that PayPal gives back with this refund. */
  fee: Money;
  invoice_id?: string;
  custom_id?: string;
  note_to_payer?: string;
  reason?: string;
  create_time: string;
}

export const DISPUTE_REASONS = [
  "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
  "MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED",
  "UNAUTHORISED",
  "CREDIT_NOT_PROCESSED",
  "DUPLICATE_TRANSACTION",
  "INCORRECT_AMOUNT",
  "PAYMENT_BY_OTHER_MEANS",
  "CANCELED_RECURRING_BILLING",
  "PROBLEM_WITH_REMITTANCE",
  "OTHER",
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** The stages in the order a case moves through them. */
export const DISPUTE_STAGES = ["INQUIRY", "CHARGEBACK", "PRE_ARBITRATION", "ARBITRATION"] as const;
export type DisputeStage = (typeof DISPUTE_STAGES)[number];

export const DISPUTE_STATUSES = [
  "OPEN",
  "WAITING_FOR_BUYER_RESPONSE",
  "WAITING_FOR_SELLER_RESPONSE",
  "UNDER_REVIEW",
  "RESOLVED",
  "OTHER",
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export interface DisputeMessage {
  posted_by: "BUYER" | "SELLER";
  time_posted: string;
  content: string;
}

/** Evidence the seller filed with provide-evidence. */
export interface DisputeEvidence {
  evidence_type: string;
  evidence_info?: { tracking_info?: { carrier_name: string; tracking_number: string }[]; refund_ids?: string[] };
  notes?: string;
  documents?: { name: string }[];
  source: "SUBMITTED_BY_SELLER";
  date: string;
  dispute_life_cycle_stage: DisputeStage;
}

/** An uploaded evidence file, kept as metadata only (the sandbox throws the bytes away). */
export interface DisputeEvidenceFile {
  name: string;
  content_type: string;
  size: number;
  sha256: string;
}

/** The money PayPal took from the seller for a case (a refund record of the capture), and its return if any. */
export interface DisputeReversal {
  refundId: string;
  amount: Money;
  time: string;
  /** When PayPal gave the money back (the seller won); the refund record is gone from `refunds` since. */
  reinstated_time?: string;
}

/** A buyer's case against a capture (Disputes API v1), opened through the sandbox's controls. */
export interface SandboxDispute {
  /** `PP-D-` and 5 or 6 digits. */
  dispute_id: string;
  clientId: string;
  captureId: string;
  /** The capture's order: the chain its webhooks are delivered on, after the capture's own. */
  orderId: string;
  /** The id the buyer sees for the payment (disputed_transactions[].buyer_transaction_id). */
  buyerTransactionId: string;
  reason: DisputeReason;
  dispute_life_cycle_stage: DisputeStage;
  status: DisputeStatus;
  dispute_amount: Money;
  /** Only while WAITING_FOR_SELLER_RESPONSE. */
  seller_response_due_date?: string;
  create_time: string;
  update_time: string;
  messages: DisputeMessage[];
  evidences: DisputeEvidence[];
  evidenceFiles: DisputeEvidenceFile[];
  dispute_outcome?: {
    outcome_code: "RESOLVED_BUYER_FAVOUR" | "RESOLVED_SELLER_FAVOUR";
    amount_refunded?: Money;
  };
  /** What PayPal currently holds back from the seller for this case, in minor units (0 once reinstated). */
  reversedMinor: number;
  reversal?: DisputeReversal;
  /** The refund accept-claim made, when PayPal had not taken the money already. */
  acceptClaimRefundId?: string;
  acceptClaim?: { note: string; accept_claim_reason?: string; accept_claim_type: string; time: string };
}

export interface Webhook {
  id: string;
  clientId: string;
  url: string;
  /** Event names, or "*" for all. */
  event_types: string[];
}

export interface WpsSession {
  id: string;
  fields: Record<string, string>;
  created: number;
}

export interface WpsTransaction {
  txn_id: string;
  business: string;
  /** The payment's variables as last sent in an IPN (its status follows a refund); PDT answers with them. */
  variables: Record<string, string>;
  /** Where its IPNs go; absent when the button form had no usable notify_url. */
  notify_url?: string;
  /** The exact bytes of the last IPN about this payment, for /__sandbox/wps/resend. */
  lastIpn?: string;
  /** What refunds and a reversal took back so far, in minor units. */
  returnedMinor?: number;
}

/** One event on its way to one registered webhook, as GET /__sandbox/webhooks/deliveries lists it. */
export interface WebhookDelivery {
  event_id: string;
  event_type: string;
  resource_id: string;
  webhook_id: string;
  url: string;
  attempts: number;
  /** The last answer's HTTP status; null before the first answer or when the last attempt got none. */
  last_status: number | null;
  /** Why the last attempt got no answer (connection refused, timeout). */
  last_error?: string;
  delivered: boolean;
  /** More attempts are coming. */
  pending: boolean;
}

/** A delivery as kept, so that a restarted sandbox goes on retrying it. */
export interface StoredDelivery extends WebhookDelivery {
  /** Deliveries of one chain (see EventSink.emit) reach their webhook in order. */
  chain: string;
  /** What every attempt sends (PayPal resends the event as signed); dropped once the delivery is over. */
  message?: { body: string; headers: Record<string, string> };
  /** When the next attempt is due (ms since the epoch), while one is. */
  retry_at?: number;
}

export interface IdempotentResponse {
  status: number;
  body: unknown;
  at: number;
}

export interface SandboxState {
  /** Signs access tokens, so they survive a restart together with the rest of the state. */
  tokenKey: string;
  webhookKey: { privateKey: string; publicKey: string };
  credentials: Record<string, string>;
  orders: Record<string, Order>;
  captures: Record<string, Capture>;
  subscriptions: Record<string, Subscription>;
  products: Record<string, Product>;
  plans: Record<string, Plan>;
  sales: Record<string, Sale>;
  refunds: Record<string, Refund>;
  /** Buyers' cases against captures, by dispute id. */
  disputes: Record<string, SandboxDispute>;
  webhooks: Record<string, Webhook>;
  idempotency: Record<string, IdempotentResponse>;
  vaultTokens: Record<string, VaultToken>;
  /** Client ids whose app may not save payment methods (every app may by default). */
  vaultDisabled: Record<string, true>;
  wpsSessions: Record<string, WpsSession>;
  wpsTransactions: Record<string, WpsTransaction>;
  /** Every IPN body the sandbox posted, byte for byte: `_notify-validate` answers VERIFIED only for these. */
  sentIpnBodies: string[];
  /** A WPS account's "PayPal button language encoding" (lower-cased business -> charset); default windows-1252. */
  wpsAccountCharsets: Record<string, string>;
  /** Every automatic webhook delivery, oldest first, by event id. */
  webhookDeliveries: Record<string, StoredDelivery>;
}

export function freshState(): SandboxState {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  return {
    tokenKey: randomBytes(32).toString("hex"),
    webhookKey: { privateKey, publicKey },
    credentials: {},
    orders: {},
    captures: {},
    subscriptions: {},
    products: {},
    plans: {},
    sales: {},
    refunds: {},
    disputes: {},
    webhooks: {},
    idempotency: {},
    vaultTokens: {},
    vaultDisabled: {},
    wpsSessions: {},
    wpsTransactions: {},
    sentIpnBodies: [],
    wpsAccountCharsets: {},
    webhookDeliveries: {},
  };
}

/** The state, kept in memory and, with a data dir, on disk (persistence.ts). */
export interface Store {
  /** Change it only through this view (and objects read from it): writes through it are what gets saved. */
  readonly data: SandboxState;
  /** Makes the changes since the last save durable (a failure is logged and retried on the next save). */
  save(): void;
  /** Replaces the state with a fresh one. */
  reset(): void;
  /** Saves everything and releases the files. */
  close(): void;
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * PayPal-looking ids: order, capture, sale, refund and webhook ids are 17 upper-case alphanumerics, payer ids 13,
 * plan ids `P-` and 24.
 */
export function paypalId(length = 17): string {
  let id = "";
  for (let i = 0; i < length; i++) id += ID_CHARS[randomInt(ID_CHARS.length)];
  return id;
}

export const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

/** A copy of a record read from the store, so that two records never share an object (each is saved on its own). */
export const plainCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
