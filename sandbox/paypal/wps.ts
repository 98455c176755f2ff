import { randomBytes } from "node:crypto";
import {
  escapeHtml,
  invalidRequest,
  notFound,
  readBody,
  readForm,
  readJsonObject,
  redirect,
  sendHtml,
  sendJson,
  sendText,
  unprocessable,
} from "./http";
import { type TestBuyer, findBuyer, merchantFor, sandboxPdtTokenFor } from "./identities";
import { fromMinor, paypalFee, toMinor } from "./money";
import type { RestContext } from "./http";
import { buyerSelect, messagePage, page, withParams } from "./pages";
import { type Store, type WpsSession, type WpsTransaction, paypalId } from "./state";
import {
  ACCOUNT_CHARSETS,
  type AccountCharset,
  DEFAULT_ACCOUNT_CHARSET,
  accountCharset,
  decodeButtonForm,
  encodeForm,
} from "./wps-charset";

const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
const NOTIFY_VALIDATE = "cmd=_notify-validate";
const BAD_AMOUNT = "The link you have used to enter the PayPal system contains an incorrectly formatted item amount.";
const SHIP_TO = {
  address_street: "1 Main St",
  address_city: "San Jose",
  address_state: "CA",
  address_zip: "95131",
  address_country_code: "US",
  address_country: "United States",
  address_status: "confirmed",
};

/** What the buyer can change on the pay page. */
interface BuyerChoice {
  quantity?: string;
  os0?: string;
  amount?: string;
}

interface Priced {
  currency: string;
  unitMinor: number;
  quantity: number;
  taxMinor: number;
  shippingMinor: number;
  totalMinor: number;
  options: { label: string; amount?: string }[];
  selection?: string;
}

const optionsOf = (fields: Record<string, string>) => {
  const options: Priced["options"] = [];
  for (let i = 0; fields[`option_select${i}`] !== undefined; i++) {
    options.push({ label: fields[`option_select${i}`]!, amount: fields[`option_amount${i}`] });
  }
  return options;
};

/** The _xclick total as PayPal computes it: price x quantity, plus tax (flat or tax_rate %), plus shipping. */
function price(fields: Record<string, string>, choice: BuyerChoice): Priced | { error: string } {
  const currency = fields.currency_code || "USD";
  const options = optionsOf(fields);
  const selection = options.length ? (choice.os0 ?? fields.os0 ?? options[0]!.label) : undefined;
  const option = options.find((o) => o.label === selection);
  if (options.length && !option) return { error: "Choose one of the listed options." };
  const unit = toMinor(option?.amount ?? fields.amount ?? choice.amount ?? "", currency);
  if (typeof unit !== "number") {
    if (unit.issue === "CURRENCY_NOT_SUPPORTED" || !/^[A-Z]{3}$/.test(currency)) {
      return { error: `The currency ${currency} is not supported.` };
    }
    return { error: BAD_AMOUNT };
  }
  const quantityText = (fields.undefined_quantity === "1" ? choice.quantity : undefined) ?? fields.quantity ?? "1";
  if (!/^[1-9]\d{0,4}$/.test(quantityText)) return { error: "The quantity must be a whole number from 1 to 99999." };
  const quantity = Number(quantityText);
  const money = (value: string | undefined) =>
    value === undefined || value === "" ? 0 : toMinor(value, currency, true);
  const flatTax = money(fields.tax);
  const shipping = money(fields.shipping);
  const shipping2 = money(fields.shipping2);
  const taxRate = fields.tax_rate ? Number(fields.tax_rate) : 0;
  if (typeof flatTax !== "number" || typeof shipping !== "number" || typeof shipping2 !== "number")
    return { error: BAD_AMOUNT };
  if (!(taxRate >= 0 && taxRate <= 100)) return { error: "The tax rate must be a percentage from 0 to 100." };
  const subtotal = unit * quantity;
  const taxMinor = fields.tax ? flatTax : Math.round((subtotal * taxRate) / 100);
  // Without shipping2, `shipping` is charged once whatever the quantity (PayPal's rule for _xclick).
  const shippingMinor = shipping + (fields.shipping2 ? shipping2 * (quantity - 1) : 0);
  return {
    currency,
    unitMinor: unit,
    quantity,
    taxMinor,
    shippingMinor,
    totalMinor: subtotal + taxMinor + shippingMinor,
    options,
    selection,
  };
}

/** The buyer must type the amount when the form has neither amount nor priced options. */
const buyerEntersAmount = (f: Record<string, string>) => f.amount === undefined && optionsOf(f).length === 0;

function payPage(session: WpsSession, choice: BuyerChoice, buyerId?: string, error?: string): string {
  const f = session.fields;
  const priced = price(f, choice);
  const money = (minor: number) =>
    escapeHtml(`${fromMinor(minor, f.currency_code || "USD")} ${f.currency_code || "USD"}`);
  const rows: string[] = [
    `<tr><td>Item</td><td>${escapeHtml(f.item_name ?? "")}${f.item_number ? ` (#${escapeHtml(f.item_number)})` : ""}</td></tr>`,
  ];
  const inputs: string[] = [];
  const options = optionsOf(f);
  if (options.length) {
    inputs.push(
      `<label for="os0">${escapeHtml(f.on0 || "Options")}</label><select id="os0" name="os0">${options
        .map(
          (o) =>
            `<option${o.label === ("error" in priced ? choice.os0 : priced.selection) ? " selected" : ""}>${escapeHtml(o.label)}</option>`,
        )
        .join("")}</select>`,
    );
  }
  if (buyerEntersAmount(f)) {
    inputs.push(
      `<label for="amount">Amount (${escapeHtml(f.currency_code || "USD")})</label><input id="amount" name="amount" inputmode="decimal" value="${escapeHtml(choice.amount ?? "")}">`,
    );
  }
  if (f.undefined_quantity === "1") {
    inputs.push(
      `<label for="quantity">Quantity</label><input id="quantity" name="quantity" type="number" min="1" value="${escapeHtml(choice.quantity ?? f.quantity ?? "1")}">`,
    );
  }
  if (!("error" in priced)) {
    rows.push(
      `<tr><td>Price</td><td>${money(priced.unitMinor)}</td></tr>`,
      `<tr><td>Quantity</td><td>${priced.quantity}</td></tr>`,
    );
    if (priced.taxMinor) rows.push(`<tr><td>Tax</td><td>${money(priced.taxMinor)}</td></tr>`);
    if (priced.shippingMinor) rows.push(`<tr><td>Shipping</td><td>${money(priced.shippingMinor)}</td></tr>`);
    rows.push(`<tr class="total"><td>Total</td><td data-testid="wps-total">${money(priced.totalMinor)}</td></tr>`);
  }
  const shipTo =
    f.no_shipping === "1"
      ? ""
      : `<p>Ship to: ${escapeHtml(`${SHIP_TO.address_street}, ${SHIP_TO.address_city}, ${SHIP_TO.address_state} ${SHIP_TO.address_zip}`)}</p>`;
  return page(
    "Pay",
    `<h1>Pay ${escapeHtml(merchantFor(f.business ?? "").email_address)}</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/__sandbox/wps/pay"><input type="hidden" name="session" value="${session.id}">
<table>${rows.join("")}</table>${inputs.join("")}${buyerSelect(buyerId)}${shipTo}
<div class="actions"><button class="primary" name="action" value="pay">Pay now</button>
${inputs.length ? `<button class="secondary" name="action" value="update">Update total</button>` : ""}
<button class="link" name="action" value="cancel">Cancel and return to merchant</button></div></form>`,
  );
}

const paymentDate = (date: Date) => {
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", ...options }).format(date);
  const zone = part({ timeZoneName: "short" }).split(" ").pop();
  return `${part({ hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })} ${part({ month: "short", day: "2-digit", year: "numeric" })} ${zone}`;
};

/** The account's "PayPal button language encoding": how PayPal sends it IPN and PDT data (wps-charset.ts). */
function charsetOf(store: Store, business: string): AccountCharset {
  return accountCharset(store.data.wpsAccountCharsets[business.trim().toLowerCase()]) ?? DEFAULT_ACCOUNT_CHARSET;
}

/** The IPN / PDT payment variables, with PayPal's names (web_accept). */
function paymentVariables(
  f: Record<string, string>,
  priced: Priced,
  buyer: TestBuyer,
  txnId: string,
  charset: AccountCharset,
): Record<string, string> {
  const { currency } = priced;
  const completed = buyer.outcome === "COMPLETED";
  const receiver = merchantFor(f.business ?? "");
  return {
    mc_gross: fromMinor(priced.totalMinor, currency),
    protection_eligibility: "Eligible",
    ...(f.no_shipping !== "1" && {
      address_name: `${buyer.payer.name.given_name} ${buyer.payer.name.surname}`,
      ...SHIP_TO,
    }),
    payer_id: buyer.payer.payer_id,
    tax: fromMinor(priced.taxMinor, currency),
    payment_date: paymentDate(new Date()),
    payment_status: completed ? "Completed" : "Pending",
    ...(!completed && { pending_reason: "paymentreview" }),
    charset,
    first_name: buyer.payer.name.given_name,
    last_name: buyer.payer.name.surname,
    ...(priced.selection !== undefined && { option_name1: f.on0 || "Options", option_selection1: priced.selection }),
    ...(completed && { mc_fee: fromMinor(paypalFee(priced.totalMinor), currency) }),
    notify_version: "3.9",
    custom: f.custom ?? "",
    payer_status: "verified",
    business: f.business ?? "",
    quantity: String(priced.quantity),
    verify_sign: randomBytes(30).toString("base64url"),
    payer_email: buyer.payer.email_address,
    txn_id: txnId,
    payment_type: "instant",
    receiver_email: receiver.email_address,
    receiver_id: receiver.merchant_id,
    txn_type: "web_accept",
    item_name: f.item_name ?? "",
    mc_currency: currency,
    item_number: f.item_number ?? "",
    ...(f.invoice && { invoice: f.invoice }),
    residence_country: "US",
    test_ipn: "1",
    mc_shipping: fromMinor(priced.shippingMinor, currency),
    shipping: fromMinor(priced.shippingMinor, currency),
    handling_amount: "0.00",
    transaction_subject: f.item_name ?? "",
    ipn_track_id: randomBytes(7).toString("hex").slice(0, 13),
  };
}

/** The status the listener answered, or null when it could not be reached. */
async function postIpn(url: string, body: string): Promise<number | null> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": "PayPal IPN ( https://www.paypal.com/ipn )",
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    // PayPal would retry later; the sandbox only says so (POST /__sandbox/wps/resend sends it again).
    console.warn(`PayPal sandbox: IPN to ${url} failed: ${(error as Error).message}`);
    return null;
  }
}

/** Posts an IPN about `txn` (the payment itself, or a refund or reversal of it) and keeps its exact bytes. */
async function sendIpn(store: Store, txn: WpsTransaction, variables: Record<string, string>) {
  if (!txn.notify_url) return null;
  const body = encodeForm(variables, charsetOf(store, txn.business));
  store.data.sentIpnBodies.push(body);
  txn.lastIpn = body;
  // On disk before it goes out: the listener's _notify-validate must be VERIFIED even after a crash.
  store.save();
  return postIpn(txn.notify_url, body);
}

/** PayPal accepts the post-back with cmd=_notify-validate first (as documented) or appended at the end. */
function postedBackMessage(raw: string): string | undefined {
  if (raw.startsWith(`${NOTIFY_VALIDATE}&`)) return raw.slice(NOTIFY_VALIDATE.length + 1);
  if (raw.endsWith(`&${NOTIFY_VALIDATE}`)) return raw.slice(0, -(NOTIFY_VALIDATE.length + 1));
  return undefined;
}

/** GET/POST /cgi-bin/webscr: cmd=_xclick (pay page), _notify-validate (IPN post-back), _notify-synch (PDT). */
export async function handleWebscr(ctx: RestContext, query: URLSearchParams) {
  const body = ctx.req.method === "POST" ? await readBody(ctx.req) : Buffer.alloc(0);
  // Byte-for-byte comparison for _notify-validate; latin1 maps every byte to one character.
  const raw =
    ctx.req.method === "POST" ? body.toString("latin1") : new URL(ctx.req.url ?? "/", "http://x").search.slice(1);
  const params = ctx.req.method === "POST" ? new URLSearchParams(raw) : query;
  const cmd = params.get("cmd");
  const data = ctx.store.data;
  if (cmd === "_notify-validate") {
    const message = postedBackMessage(raw);
    sendText(ctx.res, 200, message !== undefined && data.sentIpnBodies.includes(message) ? "VERIFIED" : "INVALID");
    return;
  }
  if (cmd === "_notify-synch") {
    const txn = data.wpsTransactions[params.get("tx") ?? ""];
    // PayPal answers FAIL and an error code, and tells no more: an unknown tx and a wrong token look the same.
    if (!txn || params.get("at") !== sandboxPdtTokenFor(txn.business)) {
      sendText(ctx.res, 200, "FAIL\nError: 4002");
      return;
    }
    const charset = charsetOf(ctx.store, txn.business);
    const lines = Object.entries(txn.variables).map(([k, v]) => encodeForm({ [k]: v }, charset));
    sendText(ctx.res, 200, `SUCCESS\n${lines.join("\n")}\n`, `text/plain; charset=${charset}`);
    return;
  }
  if (cmd !== "_xclick") {
    sendHtml(
      ctx.res,
      400,
      messagePage(
        "Not supported",
        `The PayPal sandbox supports cmd=_xclick, _notify-validate and _notify-synch, not ${cmd ?? "a missing cmd"}.`,
      ),
    );
    return;
  }
  let fields: Record<string, string>;
  try {
    fields = decodeButtonForm(raw, charsetOf(ctx.store, params.get("business") ?? ""));
  } catch {
    sendHtml(ctx.res, 400, messagePage("Cannot pay", `The character set ${params.get("charset")} is not supported.`));
    return;
  }
  const invalid = !fields.business
    ? "The seller's PayPal account (business) is missing from the payment form."
    : buyerEntersAmount(fields)
      ? undefined
      : (price(fields, {}) as { error?: string }).error;
  if (invalid) {
    sendHtml(ctx.res, 400, messagePage("Cannot pay", invalid));
    return;
  }
  for (const [id, s] of Object.entries(data.wpsSessions))
    if (s.created < Date.now() - SESSION_TTL_MS) delete data.wpsSessions[id];
  const session: WpsSession = { id: paypalId(20), fields, created: Date.now() };
  data.wpsSessions[session.id] = session;
  sendHtml(ctx.res, 200, payPage(session, {}));
}

/** POST /__sandbox/wps/pay: the pay page's form (Pay now, Update total, Cancel). */
export async function handleWpsPay(ctx: RestContext) {
  const form = await readForm(ctx.req);
  const session = ctx.store.data.wpsSessions[form.get("session") ?? ""];
  if (!session) {
    sendHtml(
      ctx.res,
      404,
      messagePage("Session expired", "This payment session has expired. Go back to the merchant and try again."),
    );
    return;
  }
  const f = session.fields;
  const action = form.get("action");
  if (action === "cancel") {
    delete ctx.store.data.wpsSessions[session.id];
    const target = withParams(f.cancel_return, {});
    if (target) redirect(ctx.res, target);
    else
      sendHtml(
        ctx.res,
        200,
        messagePage("Payment cancelled", "You cancelled this payment. You can close this window."),
      );
    return;
  }
  const choice: BuyerChoice = {
    ...(form.has("quantity") && { quantity: form.get("quantity")! }),
    ...(form.has("os0") && { os0: form.get("os0")! }),
    ...(form.has("amount") && { amount: form.get("amount")! }),
  };
  const buyer = findBuyer(form.get("buyer"));
  const priced = price(f, choice);
  const problem =
    "error" in priced
      ? priced.error
      : !buyer
        ? "Choose a test buyer."
        : buyer.outcome === "INSTRUMENT_DECLINED" || buyer.outcome === "DECLINED"
          ? "This buyer's card was declined. Choose another test buyer."
          : undefined;
  if (action !== "pay" || problem || "error" in priced || !buyer) {
    const shown = action === "pay" ? problem : "error" in priced ? priced.error : undefined;
    sendHtml(ctx.res, action === "pay" ? 422 : 200, payPage(session, choice, buyer?.id, shown));
    return;
  }
  delete ctx.store.data.wpsSessions[session.id];
  const txn: WpsTransaction = {
    txn_id: paypalId(),
    business: f.business!,
    variables: {},
    ...(f.notify_url && URL.canParse(f.notify_url) && { notify_url: f.notify_url }),
  };
  txn.variables = paymentVariables(f, priced, buyer, txn.txn_id, charsetOf(ctx.store, txn.business));
  ctx.store.data.wpsTransactions[txn.txn_id] = txn;
  // The stored view, so that the IPN's changes to it are saved.
  await sendIpn(ctx.store, ctx.store.data.wpsTransactions[txn.txn_id]!, txn.variables);
  const v = txn.variables;
  const pdt = {
    tx: txn.txn_id,
    st: v.payment_status!,
    amt: v.mc_gross!,
    cc: v.mc_currency!,
    cm: v.custom!,
    item_number: v.item_number!,
  };
  const target = withParams(f.return, f.rm === "2" ? {} : pdt);
  if (target && f.rm === "2") {
    // rm=2: the buyer's browser POSTs all payment variables to the return URL.
    const inputs = Object.entries({ ...v, ...pdt })
      .map(([k, value]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(value)}">`)
      .join("");
    sendHtml(
      ctx.res,
      200,
      page(
        "Returning",
        `<h1>Payment complete</h1><form method="post" action="${escapeHtml(target)}">${inputs}
<div class="actions"><button class="primary">Return to merchant</button></div></form><script>document.forms[0].submit()</script>`,
      ),
    );
  } else if (target) {
    redirect(ctx.res, target);
  } else {
    sendHtml(
      ctx.res,
      200,
      messagePage("Payment complete", `You paid ${v.mc_gross} ${v.mc_currency}. Transaction ID: ${txn.txn_id}.`),
    );
  }
}

// Test controls (/__sandbox/wps/*, JSON): what happens on PayPal's side after the buyer paid (the seller's
// refund, a buyer's chargeback, a pending payment clearing, PayPal resending an IPN), and the seller's profile.

const txnField = (body: Record<string, unknown>) => {
  if (typeof body.txn_id !== "string" || body.txn_id === "") {
    throw invalidRequest([
      { field: "/txn_id", location: "body", issue: "MISSING_REQUIRED_PARAMETER", description: "txn_id is required." },
    ]);
  }
  return body.txn_id;
};

function paymentOf(store: Store, txnId: string): WpsTransaction {
  const txn = store.data.wpsTransactions[txnId];
  if (!txn) throw notFound(txnId);
  return txn;
}

const businessRule = (issue: string, description: string) => unprocessable([{ issue, description }]);

/** Variables every later IPN about a payment gets fresh: its own time, signature and track id. */
const freshIpnVariables = () => ({
  payment_date: paymentDate(new Date()),
  verify_sign: randomBytes(30).toString("base64url"),
  ipn_track_id: randomBytes(7).toString("hex").slice(0, 13),
});

/** POST /__sandbox/wps/account {business, charset}: the seller's "PayPal button language encoding". */
export async function handleWpsAccount(ctx: RestContext) {
  const body = await readJsonObject(ctx.req);
  const business = typeof body.business === "string" ? body.business.trim() : "";
  const charset = accountCharset(typeof body.charset === "string" ? body.charset : undefined);
  if (!business || !charset) {
    throw invalidRequest([
      {
        issue: "INVALID_PARAMETER_VALUE",
        description: `business and a charset (${ACCOUNT_CHARSETS.join(", ")}) are required.`,
      },
    ]);
  }
  ctx.store.data.wpsAccountCharsets[business.toLowerCase()] = charset;
  sendJson(ctx.res, 200, { business, charset });
}

const REVERSAL_REASONS = ["chargeback", "buyer-complaint", "unauthorized_claim", "admin_reversal", "other"];

/**
 * POST /__sandbox/wps/refund {txn_id, amount?} (the seller refunds, in full by default) and
 * POST /__sandbox/wps/reversal {txn_id, reason_code?} (a chargeback or dispute takes the rest back). Either is
 * a new transaction: an IPN with its own txn_id, the payment's as parent_txn_id, payment_status Refunded or
 * Reversed, a reason_code, negative mc_gross and mc_fee, and no txn_type (PayPal sends none for these).
 */
export async function handleWpsReturn(ctx: RestContext, kind: "refund" | "reversal") {
  const body = await readJsonObject(ctx.req);
  const payment = paymentOf(ctx.store, txnField(body));
  const v = payment.variables;
  const currency = v.mc_currency!;
  const gross = toMinor(v.mc_gross!, currency) as number;
  const left = gross - (payment.returnedMinor ?? 0);
  if (v.payment_status !== "Completed" && !(kind === "refund" && v.payment_status === "Refunded" && left > 0)) {
    throw businessRule(
      "TRANSACTION_REFUSED",
      `A ${v.payment_status} payment cannot be ${kind === "refund" ? "refunded" : "reversed"}.`,
    );
  }
  let amount = left;
  if (kind === "refund" && body.amount !== undefined) {
    const asked = typeof body.amount === "string" ? toMinor(body.amount, currency) : undefined;
    if (typeof asked !== "number") {
      throw invalidRequest([
        {
          field: "/amount",
          issue: "INVALID_PARAMETER_VALUE",
          description: `amount must be a positive ${currency} amount.`,
        },
      ]);
    }
    if (asked > left)
      throw businessRule(
        "REFUND_AMOUNT_EXCEEDED",
        `At most ${fromMinor(left, currency)} ${currency} is left to refund.`,
      );
    amount = asked;
  }
  const reason = kind === "refund" ? "refund" : typeof body.reason_code === "string" ? body.reason_code : "chargeback";
  if (!REVERSAL_REASONS.includes(reason) && reason !== "refund") {
    throw invalidRequest([
      {
        field: "/reason_code",
        issue: "INVALID_PARAMETER_VALUE",
        description: `reason_code must be one of ${REVERSAL_REASONS.join(", ")}.`,
      },
    ]);
  }
  const fee = v.mc_fee ? (toMinor(v.mc_fee, currency, true) as number) : 0;
  const txnId = paypalId();
  const status = kind === "refund" ? "Refunded" : "Reversed";
  const { txn_type: _dropped, pending_reason: _none, ...kept } = v;
  const variables: Record<string, string> = {
    ...kept,
    ...freshIpnVariables(),
    txn_id: txnId,
    parent_txn_id: payment.txn_id,
    payment_status: status,
    reason_code: reason,
    mc_gross: fromMinor(-amount, currency),
    mc_fee: fromMinor(-Math.round((fee * amount) / gross), currency),
  };
  payment.returnedMinor = (payment.returnedMinor ?? 0) + amount;
  // PDT for the payment tells its current status, as PayPal's transaction details do.
  payment.variables = { ...v, payment_status: status };
  const delivery = await sendIpn(ctx.store, payment, variables);
  sendJson(ctx.res, 201, { txn_id: txnId, parent_txn_id: payment.txn_id, variables, delivery: { status: delivery } });
}

/**
 * POST /__sandbox/wps/complete and /__sandbox/wps/deny {txn_id}: a Pending payment clears or is denied; PayPal
 * sends another IPN with the same txn_id and the new payment_status.
 */
export async function handleWpsSettle(ctx: RestContext, status: "Completed" | "Denied") {
  const payment = paymentOf(ctx.store, txnField(await readJsonObject(ctx.req)));
  const v = payment.variables;
  if (v.payment_status !== "Pending") {
    throw businessRule("TRANSACTION_REFUSED", `Only a Pending payment can clear; this one is ${v.payment_status}.`);
  }
  const { pending_reason: _cleared, ...kept } = v;
  const currency = v.mc_currency!;
  payment.variables = {
    ...kept,
    ...freshIpnVariables(),
    payment_status: status,
    ...(status === "Completed" && { mc_fee: fromMinor(paypalFee(toMinor(v.mc_gross!, currency) as number), currency) }),
  };
  const delivery = await sendIpn(ctx.store, payment, payment.variables);
  sendJson(ctx.res, 200, { txn_id: payment.txn_id, variables: payment.variables, delivery: { status: delivery } });
}

/** POST /__sandbox/wps/resend {txn_id}: PayPal sends the payment's last IPN again, the very same bytes. */
export async function handleWpsResend(ctx: RestContext) {
  const payment = paymentOf(ctx.store, txnField(await readJsonObject(ctx.req)));
  if (!payment.notify_url || !payment.lastIpn) {
    throw businessRule("NO_IPN", "No IPN was sent for this payment (its button form had no notify_url).");
  }
  const delivery = await postIpn(payment.notify_url, payment.lastIpn);
  sendJson(ctx.res, 200, { txn_id: payment.txn_id, delivery: { status: delivery } });
}
