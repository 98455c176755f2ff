import { createHash, randomInt } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { multipartBoundary } from "../uploadthing/multipart";
import { requireClient } from "./auth";
import type { SandboxEvent } from "./deliveries";
import {
  type ErrorDetail,
  PayPalError,
  type RestContext,
  type SandboxCore,
  invalidRequest,
  isObject,
  notFound,
  readJsonObject,
  sendJson,
  unprocessable,
} from "./http";
import { merchantFor } from "./identities";
import { minorOf, moneyOf } from "./money";
import { detail, invalidSyntax, invalidValue, missing, requiredText } from "./order-input";
import { captureRefundView, dashboardAmount, newRefund, refundCapture, refundsOf } from "./refunds";
import {
  type Capture,
  DISPUTE_REASONS,
  DISPUTE_STAGES,
  DISPUTE_STATUSES,
  type DisputeEvidence,
  type DisputeEvidenceFile,
  type DisputeStage,
  type SandboxDispute,
  type Store,
  nowIso,
  plainCopy,
} from "./state";

// Buyers' cases against captures, as PayPal's Disputes API v1 shows them to the seller (list, show, provide-evidence,
// accept-claim, send-message) and its CUSTOMER.DISPUTE.* webhooks announce them; the buyer's and PayPal's side of a
// case (opening it, escalating it, deciding it) are sandbox controls under /__sandbox. One file, past 400 lines, so
// the life of a case and the money it moves read in one place.
// Shapes follow customer_disputes_v1.json (github.com/paypal/paypal-rest-api-specifications) and the error list of
// developer.paypal.com/docs/api/customer-disputes/v1; where PayPal says nothing, a comment says what was chosen.

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;
/** PayPal: files "less than 10 MB" each, "up to 50 MB" per call; the sandbox lets exactly 10 MB through. */
const MAX_FILE_BYTES = 10 * MB;
const MAX_TOTAL_FILE_BYTES = 50 * MB;
/** The files plus room for the `input` part and the part headers. */
const MAX_MULTIPART_BYTES = MAX_TOTAL_FILE_BYTES + MB;
const DEFAULT_DUE_DAYS = 10;
const MAX_TEXT = 2000;

/** evidence.evidence_type in customer_disputes_v1.json. */
const EVIDENCE_TYPES = new Set(
  (
    "PROOF_OF_FULFILLMENT PROOF_OF_REFUND PROOF_OF_DELIVERY_SIGNATURE PROOF_OF_RECEIPT_COPY RETURN_POLICY " +
    "BILLING_AGREEMENT PROOF_OF_RESHIPMENT ITEM_DESCRIPTION POLICE_REPORT AFFIDAVIT PAID_WITH_OTHER_METHOD " +
    "COPY_OF_CONTRACT TERMINAL_ATM_RECEIPT PRICE_DIFFERENCE_REASON SOURCE_CONVERSION_RATE BANK_STATEMENT " +
    "CREDIT_DUE_REASON REQUEST_CREDIT_RECEIPT PROOF_OF_RETURN CREATE CHANGE_REASON PROOF_OF_REFUND_OUTSIDE_PAYPAL " +
    "RECEIPT_OF_MERCHANDISE CUSTOMS_DOCUMENT CUSTOMS_FEE_RECEIPT INFORMATION_ON_RESOLUTION " +
    "ADDITIONAL_INFORMATION_OF_ITEM DETAILS_OF_PURCHASE PROOF_OF_SIGNIFICANT_DIFFERENCE " +
    "PROOF_OF_SOFTWARE_OR_SERVICE_NOT_AS_DESCRIBED PROOF_OF_CONFISCATION PROOF_OF_DAMAGE " +
    "COPY_OF_LAW_ENFORCEMENT_AGENCY_REPORT ADDITIONAL_PROOF_OF_SHIPMENT PROOF_OF_DENIAL_BY_CARRIER " +
    "THIRDPARTY_PROOF_FOR_DAMAGE_OR_SIGNIFICANT_DIFFERENCE VALID_SUPPORTING_DOCUMENT LEGIBLE_SUPPORTING_DOCUMENT " +
    "RETURN_TRACKING_INFORMATION DELIVERY_RECEIPT PROOF_OF_INSTORE_RECEIPT ADDITIONAL_TRACKING_INFORMATION " +
    "PROOF_OF_SHIPMENT_POSTAGE ONLINE_TRACKING_INFORMATION PROOF_OF_INSTORE_REFUND " +
    "PROOF_FOR_SOFTWARE_OR_SERVICE_DELIVERED RETURN_ADDRESS_FOR_SHIPPING COPY_OF_THE_EPARCEL_MANIFEST " +
    "COPY_OF_SHIPPING_MANIFEST APPEAL_AFFIDAVIT RECEIPT_OF_REPLACEMENT COPY_OF_DRIVERS_LICENSE " +
    "ACCOUNT_CHANGE_INFORMATION DELIVERY_ADDRESS CONFIRMATION_OF_RESOLUTION MERCHANT_RESPONSE PERMISSION_DESCRIPTION " +
    "STATUS_OF_MERCHANDISE LOST_CARD_DETAILS LAST_VALID_TRANSACTION_DETAILS ADDITIONAL_PROOF_OF_RETURN DECLARATION " +
    "PROOF_OF_MISSING_ITEMS PROOF_OF_EMPTY_PACKAGE_OR_DIFFERENT_ITEM PROOF_OF_ITEM_NOT_RECEIVED ORDER_DETAILS " +
    "LISTING_URL SHIPPING_INSURANCE BUYER_RESPONSE PHOTOS_OF_SHIPPED_ITEM OTHER"
  ).split(" "),
);
const ACCEPT_CLAIM_REASONS = [
  "DID_NOT_SHIP_ITEM",
  "TOO_TIME_CONSUMING",
  "LOST_IN_MAIL",
  "NOT_ABLE_TO_WIN",
  "COMPANY_POLICY",
  "REASON_NOT_SET",
] as const;
const ACCEPT_CLAIM_TYPES = ["REFUND", "REFUND_WITH_RETURN", "PARTIAL_REFUND", "REFUND_WITH_RETURN_SHIPMENT_LABEL"];
/** The list's dispute_state filter, and the seller's state of a case. */
const DISPUTE_STATES = [
  "REQUIRED_ACTION",
  "REQUIRED_OTHER_PARTY_ACTION",
  "UNDER_PAYPAL_REVIEW",
  "RESOLVED",
  "OPEN_INQUIRIES",
  "APPEALABLE",
];
/** PayPal's date-time pattern (ppaas_date_time_v3). */
const DATE_TIME =
  /^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])[Tt]([0-1][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)([.][0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$/;

/** dispute_state is the seller's view of the status (PayPal: "could vary between parties"). */
function disputeState(d: SandboxDispute): string {
  switch (d.status) {
    case "RESOLVED":
      return "RESOLVED";
    case "WAITING_FOR_SELLER_RESPONSE":
      return "REQUIRED_ACTION";
    case "WAITING_FOR_BUYER_RESPONSE":
      return "REQUIRED_OTHER_PARTY_ACTION";
    case "OPEN":
      return d.dispute_life_cycle_stage === "INQUIRY" ? "OPEN_INQUIRIES" : "UNDER_PAYPAL_REVIEW";
    default:
      return "UNDER_PAYPAL_REVIEW";
  }
}

/** Evidence goes in while PayPal waits for the seller, until the deadline (after it PayPal decides without them). */
const canProvideEvidence = (d: SandboxDispute, now = Date.now()) =>
  d.status === "WAITING_FOR_SELLER_RESPONSE" &&
  (d.seller_response_due_date === undefined || now < Date.parse(d.seller_response_due_date));
const canAcceptClaim = (d: SandboxDispute) => d.status !== "RESOLVED";
/** PayPal: "Merchants and customers can only send messages if the dispute_life_cycle_stage value is INQUIRY". */
const canSendMessage = (d: SandboxDispute) => d.status !== "RESOLVED" && d.dispute_life_cycle_stage === "INQUIRY";

const selfHref = (base: string, id: string) => `${base}/v1/customer/disputes/${id}`;
const selfLink = (base: string, id: string) => ({ href: selfHref(base, id), rel: "self", method: "GET" });

/** HATEOAS: an action's link is there only while the seller may take it (PayPal's rule for calling it at all). */
function actionLinks(base: string, d: SandboxDispute) {
  const self = selfHref(base, d.dispute_id);
  return [
    selfLink(base, d.dispute_id),
    ...(canProvideEvidence(d) ? [{ href: `${self}/provide-evidence`, rel: "provide_evidence", method: "POST" }] : []),
    ...(canAcceptClaim(d) ? [{ href: `${self}/accept-claim`, rel: "accept_claim", method: "POST" }] : []),
    ...(canSendMessage(d) ? [{ href: `${self}/send-message`, rel: "send_message", method: "POST" }] : []),
  ];
}

/** The seller's side of the money: what PayPal took (DEBIT) and gave back (CREDIT) for the case. */
function moneyMovements(store: Store, d: SandboxDispute) {
  const movement = (amount: unknown, time: string, type: "DEBIT" | "CREDIT") => ({
    affected_party: "SELLER",
    amount,
    initiated_time: time,
    type,
    reason: "DISPUTE_SETTLEMENT",
  });
  const refund = d.acceptClaimRefundId ? store.data.refunds[d.acceptClaimRefundId] : undefined;
  return [
    ...(d.reversal ? [movement(d.reversal.amount, d.reversal.time, "DEBIT")] : []),
    ...(d.reversal?.reinstated_time ? [movement(d.reversal.amount, d.reversal.reinstated_time, "CREDIT")] : []),
    ...(refund ? [movement(refund.amount, refund.create_time, "DEBIT")] : []),
  ];
}

/** GET /v1/customer/disputes/{id}: the seller's full view (customer_disputes_v1.json `dispute`). */
export function disputeView(store: Store, base: string, d: SandboxDispute): Record<string, unknown> {
  const capture = store.data.captures[d.captureId]!;
  const payer = store.data.orders[d.orderId]?.payer;
  const seller = merchantFor(d.clientId);
  const movements = moneyMovements(store, d);
  return plainCopy({
    dispute_id: d.dispute_id,
    create_time: d.create_time,
    update_time: d.update_time,
    disputed_transactions: [
      {
        buyer_transaction_id: d.buyerTransactionId,
        seller_transaction_id: d.captureId,
        create_time: capture.create_time,
        transaction_status: d.reversedMinor > 0 ? "REVERSED" : capture.status,
        gross_amount: capture.amount,
        ...(capture.invoice_id && { invoice_number: capture.invoice_id }),
        ...(capture.custom_id && { custom: capture.custom_id }),
        // PayPal shows the seller the buyer's name, never their e-mail address.
        ...(payer && { buyer: { name: `${payer.name.given_name} ${payer.name.surname}` } }),
        seller: { email: seller.email_address, merchant_id: seller.merchant_id },
      },
    ],
    reason: d.reason,
    status: d.status,
    // Not in PayPal's `dispute` schema (only in the list's summaries), kept here too so one view carries it.
    dispute_state: disputeState(d),
    dispute_amount: d.dispute_amount,
    ...(d.dispute_outcome && { dispute_outcome: d.dispute_outcome }),
    ...(movements.length > 0 && { money_movements: movements }),
    dispute_life_cycle_stage: d.dispute_life_cycle_stage,
    dispute_channel: "INTERNAL",
    ...(d.messages.length > 0 && { messages: d.messages }),
    ...(d.evidences.length > 0 && { evidences: d.evidences }),
    ...(d.status === "WAITING_FOR_SELLER_RESPONSE" &&
      d.seller_response_due_date && { seller_response_due_date: d.seller_response_due_date }),
    ...(canAcceptClaim(d) && { allowed_response_options: { accept_claim: { accept_claim_types: ["REFUND"] } } }),
    links: actionLinks(base, d),
  });
}

/** An item of GET /v1/customer/disputes (customer_disputes_v1.json `dispute_info`). */
function summaryView(base: string, d: SandboxDispute) {
  return {
    dispute_id: d.dispute_id,
    create_time: d.create_time,
    update_time: d.update_time,
    reason: d.reason,
    status: d.status,
    dispute_state: disputeState(d),
    dispute_amount: d.dispute_amount,
    dispute_life_cycle_stage: d.dispute_life_cycle_stage,
    dispute_channel: "INTERNAL",
    links: [selfLink(base, d.dispute_id)],
  };
}

/** What every action answers: PayPal's `subsequent_action`, a link to the case. */
const subsequentAction = (base: string, d: SandboxDispute) => ({ links: [selfLink(base, d.dispute_id)] });

const SUMMARIES = {
  CREATED: (id: string) => `A new dispute opened with Case # ${id}`,
  UPDATED: (id: string) => `A dispute was updated with Case # ${id}`,
  RESOLVED: (id: string) => `A dispute was resolved with case # ${id}`,
};

/** CUSTOMER.DISPUTE.*: the case as GET shows it, on the capture's order chain, after the capture's own events. */
function emitDispute(core: SandboxCore, d: SandboxDispute, change: keyof typeof SUMMARIES) {
  const resource = disputeView(core.store, core.base, d);
  // The delivery log names an event's resource by `resource.id`; a dispute has none, only dispute_id. A hidden id
  // names it there without adding a field to the event PayPal would not send (JSON leaves it out).
  Object.defineProperty(resource, "id", { value: d.dispute_id, enumerable: false });
  core.events.emit(d.clientId, d.orderId, {
    event_type: `CUSTOMER.DISPUTE.${change}`,
    resource_type: "dispute",
    // Disputes are a v1 API; PayPal's v1 resources (sales and their refunds) come as resource_version 1.0.
    resource_version: "1.0",
    summary: SUMMARIES[change](d.dispute_id),
    resource,
  });
}

const leftOf = (store: Store, capture: Capture) => minorOf(capture.amount) - refundsOf(store, capture.id).amount;

function settleCaptureStatus(store: Store, capture: Capture) {
  const refunded = refundsOf(store, capture.id).amount;
  capture.status =
    refunded === 0 ? "COMPLETED" : refunded >= minorOf(capture.amount) ? "REFUNDED" : "PARTIALLY_REFUNDED";
  capture.update_time = nowIso();
}

/**
 * PayPal takes the disputed amount back from the seller (a chargeback, or a case decided for the buyer): a refund
 * record of the capture, so that later refunds see less left. Returns its PAYMENT.CAPTURE.REVERSED event for the
 * caller to emit in order, or nothing when PayPal holds the money already or nothing is left to take.
 */
function reverse(core: SandboxCore, d: SandboxDispute): SandboxEvent | undefined {
  if (d.reversedMinor > 0 || d.acceptClaimRefundId) return undefined;
  const capture = core.store.data.captures[d.captureId]!;
  const minor = Math.min(minorOf(d.dispute_amount), leftOf(core.store, capture));
  if (minor <= 0) return undefined;
  const refund = newRefund(core.store, capture, "capture", minor, { reason: `Dispute ${d.dispute_id}` });
  settleCaptureStatus(core.store, capture);
  d.reversedMinor = minor;
  d.reversal = { refundId: refund.id, amount: refund.amount, time: refund.create_time };
  return {
    event_type: "PAYMENT.CAPTURE.REVERSED",
    resource_type: "refund",
    summary: `A ${refund.amount.value} ${refund.amount.currency_code} capture payment was reversed`,
    resource: captureRefundView(core.store, core.base, refund),
  };
}

/**
 * The seller won a case whose money PayPal had taken: PayPal gives it back. refundsOf (refunds.ts) counts every
 * refund record of a capture, so the reversal's record leaves `refunds` (the case keeps it, in `reversal`) and the
 * capture's status follows what is left. PayPal sends no reinstatement event of its own: CUSTOMER.DISPUTE.RESOLVED
 * with RESOLVED_SELLER_FAVOUR (and the case's money_movements CREDIT) is the signal.
 */
function reinstate(core: SandboxCore, d: SandboxDispute) {
  if (!d.reversal || d.reversal.reinstated_time) return;
  delete core.store.data.refunds[d.reversal.refundId];
  settleCaptureStatus(core.store, core.store.data.captures[d.captureId]!);
  d.reversal.reinstated_time = new Date().toISOString();
  d.reversedMinor = 0;
}

function emitAll(core: SandboxCore, d: SandboxDispute, events: (SandboxEvent | keyof typeof SUMMARIES | undefined)[]) {
  for (const event of events) {
    if (typeof event === "string") emitDispute(core, d, event);
    else if (event) core.events.emit(d.clientId, d.orderId, event);
  }
}

/** Dispute times carry milliseconds, as PayPal's do; each change moves update_time strictly forward. */
function touch(d: SandboxDispute): string {
  d.update_time = new Date(Math.max(Date.now(), Date.parse(d.update_time) + 1)).toISOString();
  return d.update_time;
}

const dueIn = (days: number, from = Date.now()) => new Date(from + days * DAY_MS).toISOString();

function newDisputeId(store: Store) {
  for (;;) {
    const id = `PP-D-${randomInt(10_000, 1_000_000)}`;
    if (!store.data.disputes[id]) return id;
  }
}

const notAllowed = (why: string) =>
  unprocessable([
    {
      issue: "ACTION_NOT_ALLOWED_IN_CURRENT_DISPUTE_STATE",
      description: `${why} For the allowed actions, see the HATEOAS links in show dispute details.`,
    },
  ]);

/** Another app's case is answered as one that does not exist (404), so that its ids tell a caller nothing. */
function ownDispute(store: Store, id: string, clientId: string): SandboxDispute {
  const d = store.data.disputes[id];
  if (!d || d.clientId !== clientId) throw notFound(id);
  return d;
}

function sandboxDispute(store: Store, id: string): SandboxDispute {
  const d = store.data.disputes[id];
  if (!d) throw notFound(id);
  return d;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (value === undefined) throw missing(field);
  if (typeof value !== "string" || !allowed.includes(value as T)) {
    throw invalidValue(field, value, `The value must be one of ${allowed.join(", ")}.`);
  }
  return value as T;
}

const optionalText = (value: unknown, field: string) =>
  value === undefined ? undefined : requiredText(value, field, 1, MAX_TEXT);

function optionalDays(value: unknown, field: string) {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || Math.abs(value) > 3650) throw invalidSyntax(field);
  return value;
}

function optionalFlag(value: unknown, field: string) {
  if (value === undefined) return false;
  if (typeof value !== "boolean") throw invalidSyntax(field);
  return value;
}

const queryError = (field: string, value: string, issue: string, description: string) =>
  // PayPal's sandbox answers bad list queries as VALIDATION_ERROR (issue INVALID_PAGE_SIZE, its test values).
  new PayPalError(400, "VALIDATION_ERROR", [{ field, value, location: "query", issue, description }]);

function queryTime(query: URLSearchParams, field: string) {
  const value = query.get(field);
  if (value === null) return undefined;
  if (value.length < 20 || value.length > 64 || !DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) {
    throw queryError(
      field,
      value,
      "INVALID_PARAMETER_SYNTAX",
      `${field} must be an Internet date and time, e.g. 2026-11-20T10:00:00.000Z.`,
    );
  }
  return Date.parse(value);
}

/** Whether `a` comes before `b`: update_time (ISO strings of one format, so in time order), then dispute_id. */
const byUpdate = (
  a: Pick<SandboxDispute, "update_time" | "dispute_id">,
  b: Pick<SandboxDispute, "update_time" | "dispute_id">,
) => a.update_time < b.update_time || (a.update_time === b.update_time && a.dispute_id < b.dispute_id);

const pageToken = (d: SandboxDispute) => Buffer.from(JSON.stringify([d.update_time, d.dispute_id])).toString("base64");

function readPageToken(value: string | null): [string, string] | undefined {
  if (value === null) return undefined;
  try {
    if (!/^[A-Za-z0-9+/=]{1,255}$/.test(value)) throw new Error("not base64");
    const cursor: unknown = JSON.parse(Buffer.from(value, "base64").toString("utf8"));
    if (Array.isArray(cursor) && cursor.length === 2 && cursor.every((part) => typeof part === "string")) {
      return cursor as [string, string];
    }
  } catch {
    // Answered below.
  }
  throw queryError(
    "next_page_token",
    value,
    "INVALID_PARAMETER_VALUE",
    "The next_page_token is not one this API gave.",
  );
}

/**
 * GET /v1/customer/disputes ?update_time_after, update_time_before (both inclusive), disputed_transaction_id,
 * dispute_state (comma-separated), page_size (1..50, 10), next_page_token. Ordered by update_time, then id, oldest
 * first: what an app pulling changes needs (PayPal's reference says "latest to earliest creation time"; it does not
 * say how update_time filters page, so this order is the sandbox's choice). The token is a cursor past the page's
 * last case: a case updated meanwhile comes again on a later page, never gets skipped.
 */
export function listDisputes(ctx: RestContext, query: URLSearchParams) {
  const clientId = requireClient(ctx.store, ctx.req);
  const sizeParam = query.get("page_size");
  const pageSize = sizeParam === null ? 10 : /^\d{1,2}$/.test(sizeParam) ? Number(sizeParam) : 0;
  if (pageSize < 1 || pageSize > 50) {
    throw queryError("page_size", sizeParam ?? "", "INVALID_PAGE_SIZE", "The page size is outside the allowed range.");
  }
  const after = queryTime(query, "update_time_after");
  const before = queryTime(query, "update_time_before");
  const transaction = query.get("disputed_transaction_id");
  if (transaction !== null && !/^[0-9A-Z_]{1,255}$/.test(transaction)) {
    throw queryError(
      "disputed_transaction_id",
      transaction,
      "INVALID_PARAMETER_SYNTAX",
      "The value of a field does not conform to the expected format.",
    );
  }
  const statesParam = query.get("dispute_state");
  const states = statesParam === null ? undefined : statesParam.split(",");
  if (states?.some((state) => !DISPUTE_STATES.includes(state))) {
    throw queryError(
      "dispute_state",
      statesParam!,
      "INVALID_PARAMETER_VALUE",
      `dispute_state takes ${DISPUTE_STATES.join(", ")}, separated by commas.`,
    );
  }
  const cursor = readPageToken(query.get("next_page_token"));

  const matching = Object.values(ctx.store.data.disputes)
    .filter(
      (d) =>
        d.clientId === clientId &&
        (after === undefined || Date.parse(d.update_time) >= after) &&
        (before === undefined || Date.parse(d.update_time) <= before) &&
        (transaction === null || d.captureId === transaction || d.buyerTransactionId === transaction) &&
        (states === undefined || states.includes(disputeState(d))) &&
        (cursor === undefined || byUpdate({ update_time: cursor[0], dispute_id: cursor[1] }, d)),
    )
    .sort((a, b) => (byUpdate(a, b) ? -1 : byUpdate(b, a) ? 1 : 0));
  const page = matching.slice(0, pageSize);
  const href = (params: URLSearchParams) => {
    const search = params.toString();
    return `${ctx.base}/v1/customer/disputes${search ? `?${search}` : ""}`;
  };
  const first = new URLSearchParams(query);
  first.delete("next_page_token");
  const next = new URLSearchParams(first);
  if (matching.length > page.length) next.set("next_page_token", pageToken(page.at(-1)!));
  sendJson(ctx.res, 200, {
    items: page.map((d) => summaryView(ctx.base, d)),
    links: [
      { href: href(query), rel: "self", method: "GET" },
      { href: href(first), rel: "first", method: "GET" },
      ...(matching.length > page.length ? [{ href: href(next), rel: "next", method: "GET" }] : []),
    ],
  });
}

/** GET /v1/customer/disputes/{id} */
export function getDispute(ctx: RestContext, id: string) {
  const clientId = requireClient(ctx.store, ctx.req);
  sendJson(ctx.res, 200, disputeView(ctx.store, ctx.base, ownDispute(ctx.store, id, clientId)));
}

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer;
}

/** Reads at most `limit` bytes; past it, drains the rest (so the client gets the answer) and returns undefined. */
async function readUpTo(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  return size > limit ? undefined : Buffer.concat(chunks);
}

const malformedMultipart = () =>
  invalidRequest([
    { location: "body", issue: "MALFORMED_REQUEST", description: "The multipart/form-data body is not well formed." },
  ]);

/** Every part of a buffered multipart/form-data body. */
function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const parts: Part[] = [];
  // The first delimiter may come without the CRLF before it.
  let at = body.indexOf(`--${boundary}`);
  if (at < 0) throw malformedMultipart();
  at += boundary.length + 2;
  for (;;) {
    if (body.subarray(at, at + 2).toString("latin1") === "--") return parts;
    if (body.subarray(at, at + 2).toString("latin1") !== "\r\n") throw malformedMultipart();
    const headerEnd = body.indexOf("\r\n\r\n", at + 2);
    const end = headerEnd < 0 ? -1 : body.indexOf(delimiter, headerEnd + 4);
    if (end < 0) throw malformedMultipart();
    const headers = body
      .subarray(at + 2, headerEnd)
      .toString("utf8")
      .split("\r\n");
    const header = (name: string) =>
      headers
        .find((line) => line.toLowerCase().startsWith(`${name}:`))
        ?.slice(name.length + 1)
        .trim();
    const disposition = header("content-disposition") ?? "";
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) throw malformedMultipart();
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const contentType = header("content-type")?.split(";")[0]?.trim().toLowerCase();
    parts.push({
      name,
      ...(filename !== undefined && { filename }),
      ...(contentType && { contentType }),
      content: body.subarray(headerEnd + 4, end),
    });
    at = end + delimiter.length;
  }
}

/**
 * 415. PayPal names this error UNSUPPORTED_MEDIA_TYPE; http.ts knows only the names the other APIs use, so the name
 * here is INVALID_REQUEST with UNSUPPORTED_MEDIA_TYPE as the issue.
 */
const unsupportedMediaType = (contentType: string) =>
  new PayPalError(
    415,
    "INVALID_REQUEST",
    [
      {
        location: "header",
        field: "Content-Type",
        value: contentType,
        issue: "UNSUPPORTED_MEDIA_TYPE",
        description: "Send the evidence as multipart/form-data: an `input` JSON part and the files.",
      },
    ],
    "The server does not support the request payload's media type.",
  );

/**
 * The `input` JSON and the files of a provide-evidence call: multipart/form-data as PayPal documents it (`input`, then
 * file parts under any name: PayPal's examples say evidence-file, file1...), or a JSON body with no file, which its
 * reference also lists.
 */
async function readEvidenceRequest(req: IncomingMessage): Promise<{ input: Record<string, unknown>; files: Part[] }> {
  const type = req.headers["content-type"] ?? "";
  if (/^application\/json\b/i.test(type)) return { input: await readJsonObject(req), files: [] };
  const boundary = multipartBoundary(type);
  if (!boundary) throw unsupportedMediaType(type);
  const body = await readUpTo(req, MAX_MULTIPART_BYTES);
  if (!body) throw invalidFile("The files add up to more than 50 MB; PayPal takes up to 50 MB of files per call.");
  const parts = parseMultipart(body, boundary);
  const input = parts.find((part) => part.name === "input");
  if (!input) throw missing("input");
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.content.toString("utf8"));
  } catch {
    parsed = undefined;
  }
  if (!isObject(parsed)) {
    throw invalidRequest([detail("MALFORMED_REQUEST_JSON", "The request JSON is not well formed.", "input")]);
  }
  return { input: parsed, files: parts.filter((part) => part !== input) };
}

/** PayPal's one issue for a file it will not take (type, size or total), with what was wrong in the description. */
function invalidFile(description: string, part?: Part) {
  const fields: Partial<ErrorDetail> = part ? { field: part.name, value: part.filename ?? part.name } : {};
  return unprocessable([{ ...fields, location: "body", issue: "INVALID_EVIDENCE_FILE", description }]);
}

const FILE_TYPES = [
  { type: "application/pdf", magic: (b: Buffer) => b.subarray(0, 5).toString("latin1") === "%PDF-" },
  { type: "image/jpeg", magic: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/png",
    magic: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: "image/gif", magic: (b: Buffer) => /^GIF8[79]a/.test(b.subarray(0, 6).toString("latin1")) },
];
/** PayPal lists its supported types by extension: ".jpg, .jpeg, .gif, .png, and .pdf". */
const EXTENSIONS = ["jpg", "jpeg", "gif", "png", "pdf"];

/**
 * A file PayPal takes: JPG, GIF, PNG or PDF by its bytes and by its declared type (application/octet-stream leaves it
 * to the bytes), named with one of PayPal's extensions (PayPal's document names end in one; the sandbox does not ask
 * that it match the bytes), at most 10 MB. Kept as metadata only.
 */
function checkFile(part: Part): DisputeEvidenceFile {
  const name = part.filename || part.name;
  if (part.content.length === 0) throw invalidFile(`${name} is empty.`, part);
  if (part.content.length > MAX_FILE_BYTES) {
    throw invalidFile(`${name} is ${part.content.length} bytes; each file must be at most 10 MB.`, part);
  }
  const kind = FILE_TYPES.find((candidate) => candidate.magic(part.content));
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  const declared = part.contentType === "image/jpg" ? "image/jpeg" : part.contentType;
  if (
    !kind ||
    !extension ||
    !EXTENSIONS.includes(extension) ||
    (declared !== undefined && declared !== "application/octet-stream" && declared !== kind.type)
  ) {
    throw invalidFile(`${name} is not a JPG, GIF, PNG or PDF file; PayPal takes only those.`, part);
  }
  return {
    name,
    content_type: kind.type,
    size: part.content.length,
    sha256: createHash("sha256").update(part.content).digest("hex"),
  };
}

function parseEvidenceInfo(raw: unknown, path: string, type: string): DisputeEvidence["evidence_info"] {
  if (raw === undefined) return undefined;
  if (!isObject(raw)) throw invalidSyntax(path);
  const info: NonNullable<DisputeEvidence["evidence_info"]> = {};
  if (raw.tracking_info !== undefined) {
    const list = raw.tracking_info;
    if (!Array.isArray(list) || list.length < 1 || list.length > 10) throw invalidSyntax(`${path}/tracking_info`);
    info.tracking_info = list.map((entry: unknown) => {
      if (!isObject(entry) || typeof entry.carrier_name !== "string" || typeof entry.tracking_number !== "string") {
        throw invalidRequest([
          detail("MISSING_TRACKING_INFO", "The tracking number and carrier name are missing.", `${path}/tracking_info`),
        ]);
      }
      return { carrier_name: entry.carrier_name, tracking_number: entry.tracking_number };
    });
  }
  if (raw.refund_ids !== undefined) {
    const list = raw.refund_ids;
    if (!Array.isArray(list) || list.length < 1 || list.length > 100 || !list.every((id) => typeof id === "string")) {
      throw invalidSyntax(`${path}/refund_ids`);
    }
    info.refund_ids = list as string[];
  }
  // PayPal "expects" evidence_info for these two types; the sandbox asks for it only once the seller gives one, so
  // that proof of fulfilment of a digital good (no parcel to track) can be a document alone.
  if (type === "PROOF_OF_FULFILLMENT" && !info.tracking_info) {
    throw invalidRequest([detail("MISSING_TRACKING_INFO", "The tracking number and carrier name are missing.", path)]);
  }
  if (type === "PROOF_OF_REFUND" && !info.refund_ids) {
    throw invalidRequest([detail("MISSING_REFUND_ID", "A refund ID is missing.", path)]);
  }
  return info;
}

/** input.evidences: 1 to 100 of {evidence_type, evidence_info?, notes? (<= 2000), documents?: [{name}]}. */
function parseEvidences(input: Record<string, unknown>) {
  const list = input.evidences;
  if (list === undefined) throw missing("/evidences");
  if (!Array.isArray(list) || list.length < 1 || list.length > 100) {
    throw invalidValue("/evidences", undefined, "Give 1 to 100 evidences.");
  }
  return list.map((raw: unknown, i) => {
    const path = `/evidences/${i}`;
    if (!isObject(raw)) throw invalidSyntax(path);
    const type = raw.evidence_type;
    if (type === undefined) {
      throw invalidRequest([detail("MISSING_EVIDENCE_TYPE", "The evidence type is missing.", `${path}/evidence_type`)]);
    }
    if (typeof type !== "string" || !EVIDENCE_TYPES.has(type)) throw invalidValue(`${path}/evidence_type`, type);
    let documents: { name: string }[] | undefined;
    if (raw.documents !== undefined) {
      if (!Array.isArray(raw.documents) || raw.documents.length < 1 || raw.documents.length > 100) {
        throw invalidSyntax(`${path}/documents`);
      }
      documents = raw.documents.map((doc: unknown, j) => ({
        name: requiredText(isObject(doc) ? doc.name : undefined, `${path}/documents/${j}/name`, 1, MAX_TEXT),
      }));
    }
    return {
      evidence_type: type,
      evidence_info: parseEvidenceInfo(raw.evidence_info, `${path}/evidence_info`, type),
      notes: optionalText(raw.notes, `${path}/notes`),
      documents,
    };
  });
}

/** POST /v1/customer/disputes/{id}/provide-evidence: the case goes UNDER_REVIEW; PayPal decides from there. */
export async function handleProvideEvidence(ctx: RestContext, id: string) {
  const clientId = requireClient(ctx.store, ctx.req);
  const d = ownDispute(ctx.store, id, clientId);
  const refuse = () => {
    if (canProvideEvidence(d)) return;
    throw notAllowed(
      d.status === "WAITING_FOR_SELLER_RESPONSE"
        ? `The seller's deadline for this case passed at ${d.seller_response_due_date}.`
        : `PayPal takes evidence only while the case waits for the seller; it is ${d.status}.`,
    );
  };
  refuse();
  const { input, files } = await readEvidenceRequest(ctx.req);
  const evidences = parseEvidences(input);
  if (files.reduce((sum, part) => sum + part.content.length, 0) > MAX_TOTAL_FILE_BYTES) {
    throw invalidFile("The files add up to more than 50 MB; PayPal takes up to 50 MB of files per call.");
  }
  const kept = files.map(checkFile);
  // The body took a while to arrive: the case may have moved meanwhile.
  refuse();
  const at = touch(d);
  const named = new Set(evidences.flatMap((evidence) => evidence.documents?.map((doc) => doc.name) ?? []));
  const unnamed = kept.filter((file) => !named.has(file.name)).map((file) => ({ name: file.name }));
  evidences.forEach((evidence, i) => {
    // Files no evidence names by its documents go with the first evidence.
    const documents = [...(evidence.documents ?? []), ...(i === 0 ? unnamed : [])];
    d.evidences.push({
      evidence_type: evidence.evidence_type,
      ...(evidence.evidence_info && { evidence_info: evidence.evidence_info }),
      ...(evidence.notes !== undefined && { notes: evidence.notes }),
      ...(documents.length > 0 && { documents }),
      source: "SUBMITTED_BY_SELLER",
      date: at,
      dispute_life_cycle_stage: d.dispute_life_cycle_stage,
    });
  });
  d.evidenceFiles.push(...kept);
  d.status = "UNDER_REVIEW";
  delete d.seller_response_due_date;
  emitDispute(ctx, d, "UPDATED");
  sendJson(ctx.res, 200, subsequentAction(ctx.base, d));
}

/**
 * POST /v1/customer/disputes/{id}/accept-claim {note, accept_claim_reason?, accept_claim_type? (REFUND), invoice_id?}:
 * the case closes for the buyer. One movement of money per case: when PayPal took the disputed amount already
 * (chargeback), nothing more moves; otherwise the capture is refunded (PAYMENT.CAPTURE.REFUNDED) by the disputed
 * amount, or what is left of the capture if less. Then CUSTOMER.DISPUTE.RESOLVED.
 */
export async function handleAcceptClaim(ctx: RestContext, id: string) {
  const clientId = requireClient(ctx.store, ctx.req);
  const d = ownDispute(ctx.store, id, clientId);
  const body = await readJsonObject(ctx.req);
  const note = requiredText(body.note, "/note", 1, MAX_TEXT);
  const reason =
    body.accept_claim_reason === undefined
      ? undefined
      : oneOf(body.accept_claim_reason, ACCEPT_CLAIM_REASONS, "/accept_claim_reason");
  const type =
    body.accept_claim_type === undefined
      ? "REFUND"
      : oneOf(body.accept_claim_type, ACCEPT_CLAIM_TYPES, "/accept_claim_type");
  const invoiceId = body.invoice_id === undefined ? undefined : requiredText(body.invoice_id, "/invoice_id", 1, 127);
  if (!canAcceptClaim(d)) throw notAllowed("The case is resolved.");
  // The sandbox offers REFUND only (allowed_response_options): returns and partial refunds need a buyer to answer.
  if (type !== "REFUND") throw notAllowed(`${type} is not among this case's allowed_response_options.`);
  if (body.refund_amount !== undefined) {
    throw unprocessable([
      detail(
        "AMOUNT_SHOULD_NOT_BE_PASSED",
        "You cannot specify the refund amount in an accept claim call.",
        "/refund_amount",
      ),
    ]);
  }
  const capture = ctx.store.data.captures[d.captureId]!;
  const currency = d.dispute_amount.currency_code;
  let refundedMinor = d.reversedMinor;
  if (d.reversedMinor === 0) {
    const minor = Math.min(minorOf(d.dispute_amount), leftOf(ctx.store, capture));
    if (minor > 0) {
      const refund = refundCapture(ctx, capture, { currency, minor }, invoiceId ? { invoice_id: invoiceId } : {});
      d.acceptClaimRefundId = refund.id;
      refundedMinor = minor;
    }
  }
  const at = touch(d);
  d.acceptClaim = { note, ...(reason && { accept_claim_reason: reason }), accept_claim_type: type, time: at };
  d.status = "RESOLVED";
  delete d.seller_response_due_date;
  d.dispute_outcome = {
    outcome_code: "RESOLVED_BUYER_FAVOUR",
    ...(refundedMinor > 0 && { amount_refunded: moneyOf(refundedMinor, currency) }),
  };
  emitDispute(ctx, d, "RESOLVED");
  sendJson(ctx.res, 200, subsequentAction(ctx.base, d));
}

/** POST /v1/customer/disputes/{id}/send-message {message}: to the buyer, while the case is an inquiry. */
export async function handleSendMessage(ctx: RestContext, id: string) {
  const clientId = requireClient(ctx.store, ctx.req);
  const d = ownDispute(ctx.store, id, clientId);
  const content = requiredText((await readJsonObject(ctx.req)).message, "/message", 1, MAX_TEXT);
  if (!canSendMessage(d)) {
    throw notAllowed(
      d.status === "RESOLVED"
        ? "The case is resolved."
        : `Messages go to the buyer only while the case is an INQUIRY; it is a ${d.dispute_life_cycle_stage}.`,
    );
  }
  d.messages.push({ posted_by: "SELLER", time_posted: touch(d), content });
  emitDispute(ctx, d, "UPDATED");
  sendJson(ctx.res, 200, subsequentAction(ctx.base, d));
}

/**
 * POST /__sandbox/captures/{id}/dispute {reason, stage? (INQUIRY | CHARGEBACK), amount?, due_in_days? (10; 0 = due
 * now, negative = passed), buyer_message?, silent?}: the buyer opens a case (201, the full view).
 * CUSTOMER.DISPUTE.CREATED; for a chargeback PayPal takes the money at once, PAYMENT.CAPTURE.REVERSED right after.
 * `silent` changes the state and sends no webhook at all: PayPal does not send every event, the app must pull.
 */
export async function handleOpenDispute(ctx: RestContext, captureId: string) {
  const body = await readJsonObject(ctx.req);
  const capture = ctx.store.data.captures[captureId];
  if (!capture) throw notFound(captureId);
  if (capture.status !== "COMPLETED" && capture.status !== "PARTIALLY_REFUNDED") {
    throw unprocessable([
      detail(
        "CAPTURE_NOT_DISPUTABLE",
        `A buyer disputes a COMPLETED or PARTIALLY_REFUNDED capture; this one is ${capture.status}.`,
      ),
    ]);
  }
  const reason = oneOf(body.reason, DISPUTE_REASONS, "/reason");
  const stage = oneOf(body.stage ?? "INQUIRY", ["INQUIRY", "CHARGEBACK"] as const, "/stage");
  const dueInDays = optionalDays(body.due_in_days, "/due_in_days") ?? DEFAULT_DUE_DAYS;
  const buyerMessage = optionalText(body.buyer_message, "/buyer_message");
  const silent = optionalFlag(body.silent, "/silent");
  const currency = capture.amount.currency_code;
  const left = leftOf(ctx.store, capture);
  const minor = dashboardAmount(body.amount, currency)?.minor ?? left;
  if (minor > left) {
    throw unprocessable([
      detail(
        "DISPUTE_AMOUNT_EXCEEDED",
        "A buyer disputes at most what is left of the capture after its refunds.",
        "/amount",
        String(body.amount),
      ),
    ]);
  }
  const now = Date.now();
  const created = new Date(now).toISOString();
  const id = newDisputeId(ctx.store);
  ctx.store.data.disputes[id] = {
    dispute_id: id,
    clientId: capture.clientId,
    captureId,
    orderId: capture.orderId,
    buyerTransactionId: createHash("sha256").update(`buyer:${captureId}`).digest("hex").slice(0, 17).toUpperCase(),
    reason,
    dispute_life_cycle_stage: stage,
    status: "WAITING_FOR_SELLER_RESPONSE",
    dispute_amount: moneyOf(minor, currency),
    seller_response_due_date: dueIn(dueInDays, now),
    create_time: created,
    update_time: created,
    messages: buyerMessage ? [{ posted_by: "BUYER", time_posted: created, content: buyerMessage }] : [],
    evidences: [],
    evidenceFiles: [],
    reversedMinor: 0,
  };
  const d = ctx.store.data.disputes[id]!;
  const reversed = stage === "CHARGEBACK" ? reverse(ctx, d) : undefined;
  if (!silent) emitAll(ctx, d, ["CREATED", reversed]);
  sendJson(ctx.res, 201, disputeView(ctx.store, ctx.base, d));
}

/**
 * POST /__sandbox/disputes/{id}/resolve {favour: SELLER | BUYER, silent?}. For the buyer: PayPal takes the money if
 * it had not (PAYMENT.CAPTURE.REVERSED), then CUSTOMER.DISPUTE.RESOLVED. For the seller: money PayPal took comes
 * back (see reinstate), then CUSTOMER.DISPUTE.RESOLVED.
 */
export async function handleResolveDispute(ctx: RestContext, id: string) {
  const body = await readJsonObject(ctx.req);
  const d = sandboxDispute(ctx.store, id);
  const favour = oneOf(body.favour, ["SELLER", "BUYER"] as const, "/favour");
  const silent = optionalFlag(body.silent, "/silent");
  if (d.status === "RESOLVED") throw notAllowed("The case is resolved already.");
  let reversed: SandboxEvent | undefined;
  if (favour === "BUYER") {
    reversed = reverse(ctx, d);
    d.dispute_outcome = {
      outcome_code: "RESOLVED_BUYER_FAVOUR",
      ...(d.reversedMinor > 0 && { amount_refunded: moneyOf(d.reversedMinor, d.dispute_amount.currency_code) }),
    };
  } else {
    reinstate(ctx, d);
    d.dispute_outcome = { outcome_code: "RESOLVED_SELLER_FAVOUR" };
  }
  touch(d);
  d.status = "RESOLVED";
  delete d.seller_response_due_date;
  if (!silent) emitAll(ctx, d, [reversed, "RESOLVED"]);
  sendJson(ctx.res, 200, disputeView(ctx.store, ctx.base, d));
}

const OPEN_STATUSES = DISPUTE_STATUSES.filter((status) => status !== "RESOLVED");

/**
 * POST /__sandbox/disputes/{id}/update {status?, stage?, buyer_message?, due_in_days?, silent?}: PayPal moves an open
 * case along. A case only moves forward through the stages; past INQUIRY PayPal holds the disputed money (a
 * reversal, as a chargeback). The seller's deadline exists only while the status is WAITING_FOR_SELLER_RESPONSE
 * (due_in_days sets it, default 10 days when the case comes back to the seller). CUSTOMER.DISPUTE.UPDATED, then
 * PAYMENT.CAPTURE.REVERSED when money moved, unless silent. Deciding a case is /resolve.
 */
export async function handleUpdateDispute(ctx: RestContext, id: string) {
  const body = await readJsonObject(ctx.req);
  const d = sandboxDispute(ctx.store, id);
  const status = body.status === undefined ? undefined : oneOf(body.status, OPEN_STATUSES, "/status");
  const stage = body.stage === undefined ? undefined : oneOf(body.stage, DISPUTE_STAGES, "/stage");
  const buyerMessage = optionalText(body.buyer_message, "/buyer_message");
  const dueInDays = optionalDays(body.due_in_days, "/due_in_days");
  const silent = optionalFlag(body.silent, "/silent");
  if ([status, stage, buyerMessage, dueInDays].every((change) => change === undefined)) {
    throw invalidRequest([
      detail("MISSING_REQUIRED_PARAMETER", "Give at least one of status, stage, buyer_message, due_in_days."),
    ]);
  }
  if (d.status === "RESOLVED") throw notAllowed("The case is resolved.");
  const stageIndex = (value: DisputeStage) => DISPUTE_STAGES.indexOf(value);
  if (stage && stageIndex(stage) < stageIndex(d.dispute_life_cycle_stage)) {
    throw invalidValue("/stage", stage, `A case only moves forward; this one is a ${d.dispute_life_cycle_stage}.`);
  }
  if (dueInDays !== undefined && (status ?? d.status) !== "WAITING_FOR_SELLER_RESPONSE") {
    throw invalidValue("/due_in_days", undefined, "A deadline exists only while the case waits for the seller.");
  }
  const at = touch(d);
  if (stage) d.dispute_life_cycle_stage = stage;
  if (status) d.status = status;
  if (buyerMessage) d.messages.push({ posted_by: "BUYER", time_posted: at, content: buyerMessage });
  if (d.status !== "WAITING_FOR_SELLER_RESPONSE") delete d.seller_response_due_date;
  else if (dueInDays !== undefined) d.seller_response_due_date = dueIn(dueInDays);
  else d.seller_response_due_date ??= dueIn(DEFAULT_DUE_DAYS);
  const reversed = d.dispute_life_cycle_stage === "INQUIRY" ? undefined : reverse(ctx, d);
  if (!silent) emitAll(ctx, d, ["UPDATED", reversed]);
  sendJson(ctx.res, 200, disputeView(ctx.store, ctx.base, d));
}

/** GET /__sandbox/disputes/{id}: the full view and what only the sandbox knows. */
export function handleSandboxDispute(ctx: RestContext, id: string) {
  const d = sandboxDispute(ctx.store, id);
  sendJson(ctx.res, 200, {
    ...disputeView(ctx.store, ctx.base, d),
    sandbox: {
      client_id: d.clientId,
      capture_id: d.captureId,
      reversed: moneyOf(d.reversedMinor, d.dispute_amount.currency_code).value,
      evidence_files: d.evidenceFiles,
      accept_claim_note: d.acceptClaim?.note ?? null,
    },
  });
}
