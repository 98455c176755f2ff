import { type Server, createServer } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sandboxPdtTokenFor, startPayPalSandbox } from "../../sandbox/paypal";

let sandbox: Awaited<ReturnType<typeof startPayPalSandbox>>;
let merchant: Server;
let merchantUrl = "";
let ipnBodies: string[] = [];

beforeAll(async () => {
  sandbox = await startPayPalSandbox();
  // Stands in for the app's /api/wps/ipn: keeps each IPN body exactly as received.
  merchant = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      ipnBodies.push(Buffer.concat(chunks).toString("latin1"));
      res.end();
    });
  });
  await new Promise<void>((resolve) => merchant.listen(0, "127.0.0.1", resolve));
  merchantUrl = `http://127.0.0.1:${(merchant.address() as { port: number }).port}`;
});
afterAll(async () => {
  await sandbox.close();
  merchant.close();
});
beforeEach(() => {
  ipnBodies = [];
});

const BUSINESS = "seller@popkit.example.com";

const form = (extra: Record<string, string> = {}) => ({
  cmd: "_xclick",
  business: BUSINESS,
  item_name: "Poster",
  item_number: "P-1",
  currency_code: "USD",
  tax_rate: "10",
  no_shipping: "2",
  no_note: "0",
  shipping: "2.00",
  undefined_quantity: "1",
  button_subtype: "products",
  on0: "Options",
  option_select0: "Small",
  option_amount0: "10.00",
  option_select1: "Large",
  option_amount1: "20.00",
  custom: "wps_button_9",
  return: `${merchantUrl}/api/wps/pdt`,
  cancel_return: `${merchantUrl}/cancelled`,
  notify_url: `${merchantUrl}/api/wps/ipn`,
  ...extra,
});

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

async function openPayPage(fields: Record<string, string> = form()) {
  const response = await post("/cgi-bin/webscr", fields);
  const html = await response.text();
  return { status: response.status, html, session: /name="session" value="([^"]+)"/.exec(html)?.[1] ?? "" };
}

async function pay(extra: Record<string, string> = {}) {
  const { session } = await openPayPage();
  return post("/__sandbox/wps/pay", { session, buyer: "alex", os0: "Large", quantity: "2", action: "pay", ...extra });
}

const validate = async (body: string) =>
  (await fetch(`${sandbox.url}/cgi-bin/webscr`, { method: "POST", body: `cmd=_notify-validate&${body}` })).text();

describe("WPS pay page", () => {
  it("shows the computed total with option, quantity, tax and shipping", async () => {
    const { status, html, session } = await openPayPage();
    expect(status).toBe(200);
    expect(html).toContain('data-testid="wps-total">13.00 USD');
    const updated = await post("/__sandbox/wps/pay", {
      session,
      buyer: "alex",
      os0: "Large",
      quantity: "2",
      action: "update",
    });
    // 20.00 x 2 + 10% tax (4.00) + 2.00 shipping charged once
    expect(await updated.text()).toContain('data-testid="wps-total">46.00 USD');
  });

  it("also opens from a GET link", async () => {
    const query = new URLSearchParams(form({ amount: "5.00", undefined_quantity: "0" }));
    for (const key of ["option_select0", "option_amount0", "option_select1", "option_amount1"]) query.delete(key);
    const response = await fetch(`${sandbox.url}/cgi-bin/webscr?${query}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('data-testid="wps-total">7.50 USD');
  });

  it("rejects a bad amount, JPY decimals and an unknown cmd", async () => {
    const jpy = await openPayPage(form({ currency_code: "JPY", option_amount0: "10.50" }));
    expect(jpy.status).toBe(400);
    expect(jpy.html).toContain("incorrectly formatted item amount");
    expect((await openPayPage(form({ business: "" }))).status).toBe(400);
    expect((await openPayPage(form({ cmd: "_cart" }))).status).toBe(400);
    expect((await post("/__sandbox/wps/pay", { session: "nope", action: "pay" })).status).toBe(404);
  });
});

describe("WPS payment, IPN and PDT", () => {
  it("posts the IPN, then returns to the merchant with PDT parameters", async () => {
    const response = await pay();
    expect(response.status).toBe(303);
    const back = new URL(response.headers.get("location")!);
    expect(back.pathname).toBe("/api/wps/pdt");
    const tx = back.searchParams.get("tx")!;
    expect(tx).toMatch(/^[A-Z0-9]{17}$/);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      st: "Completed",
      amt: "46.00",
      cc: "USD",
      cm: "wps_button_9",
      item_number: "P-1",
    });

    expect(ipnBodies).toHaveLength(1);
    const ipn = Object.fromEntries(new URLSearchParams(ipnBodies[0]));
    expect(ipn).toMatchObject({
      txn_id: tx,
      txn_type: "web_accept",
      payment_status: "Completed",
      mc_gross: "46.00",
      mc_currency: "USD",
      tax: "4.00",
      quantity: "2",
      business: BUSINESS,
      receiver_email: BUSINESS,
      custom: "wps_button_9",
      item_name: "Poster",
      item_number: "P-1",
      option_name1: "Options",
      option_selection1: "Large",
      payer_email: "alex.buyer@buyer.example.com",
      payer_id: "ALEXBUY3R7Q2L",
      first_name: "Alex",
      last_name: "Buyer",
      address_zip: "95131",
    });
    expect(ipn.ipn_track_id).toMatch(/^[0-9a-f]{13}$/);
    expect(ipn.payment_date).toMatch(/^\d{2}:\d{2}:\d{2} [A-Z][a-z]{2} \d{2}, \d{4} P[SD]T$/);
  });

  it("validates an IPN only byte for byte", async () => {
    await pay();
    const body = ipnBodies[0]!;
    expect(await validate(body)).toBe("VERIFIED");
    expect(await validate(body.replace("mc_gross=46.00", "mc_gross=1.00"))).toBe("INVALID");
    expect(await validate(`${body}&extra=1`)).toBe("INVALID");
    expect(await validate(body.split("&").reverse().join("&"))).toBe("INVALID");
    expect(await validate(`${body}&`)).toBe("INVALID");
    // A message the sandbox never sent, however well formed.
    expect(await validate(body.replace(/verify_sign=[^&]+/, "verify_sign=forged"))).toBe("INVALID");
  });

  it("also accepts the post-back with cmd=_notify-validate appended at the end", async () => {
    await pay();
    const body = ipnBodies[0]!;
    const appended = async (text: string) =>
      (await fetch(`${sandbox.url}/cgi-bin/webscr`, { method: "POST", body: text })).text();
    expect(await appended(`${body}&cmd=_notify-validate`)).toBe("VERIFIED");
    expect(await appended(`${body.replace("quantity=2", "quantity=3")}&cmd=_notify-validate`)).toBe("INVALID");
    expect(await appended(body)).not.toBe("VERIFIED");
  });

  it("answers PDT for the business's identity token only", async () => {
    const tx = new URL((await pay()).headers.get("location")!).searchParams.get("tx")!;
    const synch = async (fields: Record<string, string>) =>
      (await post("/cgi-bin/webscr", { cmd: "_notify-synch", ...fields })).text();

    const success = await synch({ tx, at: sandboxPdtTokenFor(BUSINESS) });
    const [first, ...lines] = success.trim().split("\n");
    expect(first).toBe("SUCCESS");
    const variables = Object.fromEntries(lines.map((line) => [...new URLSearchParams(line)][0]!));
    expect(variables).toMatchObject({
      txn_id: tx,
      payment_status: "Completed",
      mc_gross: "46.00",
      item_name: "Poster",
      payer_email: "alex.buyer@buyer.example.com",
    });
    expect(lines).toContain("receiver_email=seller%40popkit.example.com");

    expect(await synch({ tx, at: sandboxPdtTokenFor("someone-else@example.com") })).toBe("FAIL\nError: 4002");
    expect(await synch({ tx: "UNKNOWNTX00000000", at: sandboxPdtTokenFor(BUSINESS) })).toBe("FAIL\nError: 4002");
  });

  it("sends a Pending IPN for the pending buyer", async () => {
    const response = await pay({ buyer: "pending" });
    expect(new URL(response.headers.get("location")!).searchParams.get("st")).toBe("Pending");
    expect(Object.fromEntries(new URLSearchParams(ipnBodies[0]))).toMatchObject({
      payment_status: "Pending",
      pending_reason: "paymentreview",
    });
  });

  it("keeps a declined buyer on the pay page without an IPN", async () => {
    const response = await pay({ buyer: "declined-card" });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("card was declined");
    expect(ipnBodies).toHaveLength(0);
  });

  it("goes to cancel_return on cancel", async () => {
    const response = await pay({ action: "cancel" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${merchantUrl}/cancelled`);
    expect(ipnBodies).toHaveLength(0);
  });

  it("posts all payment variables to the return URL when rm=2", async () => {
    const { session } = await openPayPage(form({ rm: "2" }));
    const response = await post("/__sandbox/wps/pay", { session, buyer: "alex", action: "pay" });
    const html = await response.text();
    expect(html).toContain(`action="${merchantUrl}/api/wps/pdt"`);
    expect(html).toContain('name="txn_id"');
  });
});

// PayPal's "IPN and PDT variables" reference, the names a web_accept payment and its refunds and reversals can
// carry (plus handling_amount, transaction_subject, shipping, payment_fee and payment_gross, which PayPal's own
// web_accept messages carry). Every variable the sandbox sends must be one of these.
const PAYPAL_IPN_VARIABLES = new Set([
  // transaction and notification
  ...["business", "charset", "custom", "ipn_track_id", "notify_version", "parent_txn_id", "receipt_id"],
  ...["receiver_email", "receiver_id", "resend", "residence_country", "test_ipn", "txn_id", "txn_type", "verify_sign"],
  // buyer
  ...["address_country", "address_city", "address_country_code", "address_name", "address_state", "address_status"],
  ...["address_street", "address_zip", "contact_phone", "first_name", "last_name", "payer_business_name"],
  ...["payer_email", "payer_id", "payer_status"],
  // payment
  ...["auth_amount", "auth_exp", "auth_id", "auth_status", "exchange_rate", "invoice", "item_name", "item_number"],
  ...["mc_currency", "mc_fee", "mc_gross", "mc_handling", "mc_shipping", "memo", "option_name1", "option_name2"],
  ...["option_selection1", "option_selection2", "payment_date", "payment_status", "payment_type", "pending_reason"],
  ...["protection_eligibility", "quantity", "reason_code", "settle_amount", "settle_currency", "tax"],
  ...["handling_amount", "transaction_subject", "shipping", "payment_fee", "payment_gross", "discount"],
]);
const PAYMENT_STATUSES = ["Canceled_Reversal", "Completed", "Created", "Denied", "Expired", "Failed", "Pending"];
const ALL_PAYMENT_STATUSES = [...PAYMENT_STATUSES, "Refunded", "Reversed", "Processed", "Voided"];
/** What the issue asks every web_accept IPN to carry. */
const REQUIRED = [
  ...["txn_id", "txn_type", "payment_status", "mc_gross", "mc_currency", "mc_fee", "tax", "mc_shipping", "quantity"],
  ...["item_name", "item_number", "receiver_email", "receiver_id", "business", "payer_email", "payer_id"],
  ...["first_name", "last_name", "custom", "payment_date", "notify_version", "verify_sign", "ipn_track_id", "charset"],
];

const control = async (path: string, body: Record<string, unknown>) => {
  const response = await fetch(`${sandbox.url}/__sandbox/wps/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

const lastIpn = () => Object.fromEntries(new URLSearchParams(ipnBodies.at(-1)));

async function paidTxn(extra: Record<string, string> = {}) {
  const response = await pay(extra);
  return new URL(response.headers.get("location")!).searchParams.get("tx")!;
}

describe("IPN variables against PayPal's published list", () => {
  it("sends only PayPal's variable names, every required one, in PayPal's formats", async () => {
    await pay();
    const ipn = lastIpn();
    for (const name of Object.keys(ipn)) expect(PAYPAL_IPN_VARIABLES, name).toContain(name);
    for (const name of REQUIRED) expect(ipn, name).toHaveProperty(name);
    expect(PAYMENT_STATUSES).toContain(ipn.payment_status);
    expect(ipn.txn_type).toBe("web_accept");
    expect(ipn.receiver_id).toMatch(/^[A-Z0-9]{13}$/);
    expect(ipn.payer_id).toMatch(/^[A-Z0-9]{13}$/);
    for (const money of ["mc_gross", "mc_fee", "tax", "mc_shipping"]) expect(ipn[money], money).toMatch(/^\d+\.\d{2}$/);
    expect(ipn.mc_shipping).toBe("2.00");
    // "HH:MM:SS Mon DD, YYYY PST" (PDT in summer), PayPal's own time zone.
    expect(ipn.payment_date).toMatch(
      /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}, \d{4} P[SD]T$/,
    );
  });

  it("answers PDT with the same variables, URL-encoded one per line", async () => {
    const tx = await paidTxn();
    const ipn = lastIpn();
    const text = await (
      await post("/cgi-bin/webscr", { cmd: "_notify-synch", tx, at: sandboxPdtTokenFor(BUSINESS) })
    ).text();
    const [first, ...lines] = text.trim().split("\n");
    expect(first).toBe("SUCCESS");
    for (const line of lines) expect(line).toMatch(/^[a-z_0-9]+=[A-Za-z0-9*\-._+%]*$/);
    const pdt = Object.fromEntries(lines.map((line) => [...new URLSearchParams(line)][0]!));
    const { verify_sign: _a, ...samePdt } = pdt;
    const { verify_sign: _b, ...sameIpn } = ipn;
    expect(samePdt).toEqual(sameIpn);
  });
});

describe("IPN character set", () => {
  const utf8Form = () => form({ charset: "utf-8", item_name: "Café € Poster ✓" });

  it("sends windows-1252 by default, whatever the form's charset, and says so in `charset`", async () => {
    const { session } = await openPayPage(utf8Form());
    await post("/__sandbox/wps/pay", { session, buyer: "alex", action: "pay" });
    const body = ipnBodies[0]!;
    expect(body).toContain("item_name=Caf%E9+%80+Poster+%3F");
    expect(body).toContain("charset=windows-1252");
    // é and € are E9 and 80 in windows-1252; ✓ is not in it.
    // Exactly those bytes verify...
    expect(await validate(body)).toBe("VERIFIED");
    // ...and a listener that decodes them as UTF-8 and encodes again does not.
    expect(await validate(new URLSearchParams(body).toString())).toBe("INVALID");
  });

  it("reads a form without charset in the account's windows-1252", async () => {
    const raw = new URLSearchParams(form({ item_name: "x" })).toString().replace("item_name=x", "item_name=Caf%E9+%80");
    const response = await fetch(`${sandbox.url}/cgi-bin/webscr`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: raw,
    });
    expect(await response.text()).toContain("Café €");
  });

  it("sends UTF-8 once the seller's profile says so", async () => {
    const business = `utf8-seller-${Date.now()}@popkit.example.com`;
    expect((await control("account", { business, charset: "UTF-8" })).status).toBe(200);
    const { session } = await openPayPage({ ...utf8Form(), business });
    await post("/__sandbox/wps/pay", { session, buyer: "alex", action: "pay" });
    const body = ipnBodies[0]!;
    expect(body).toContain("item_name=Caf%C3%A9+%E2%82%AC+Poster+%E2%9C%93");
    expect(body).toContain("charset=UTF-8");
    expect(await validate(body)).toBe("VERIFIED");
    expect((await control("account", { business, charset: "EBCDIC" })).status).toBe(400);
  });

  it("refuses a form in a charset it does not know", async () => {
    const { status, html } = await openPayPage(form({ charset: "klingon" }));
    expect(status).toBe(400);
    expect(html).toContain("character set klingon is not supported");
  });
});

describe("later IPNs about a payment", () => {
  it("refunds in full: a new txn with parent_txn_id, Refunded, negative amounts, no txn_type", async () => {
    const tx = await paidTxn();
    const paid = lastIpn();
    const { status, json } = await control("refund", { txn_id: tx });
    expect(status).toBe(201);
    expect(ipnBodies).toHaveLength(2);
    const ipn = lastIpn();
    expect(ipn).toMatchObject({
      txn_id: json.txn_id,
      parent_txn_id: tx,
      payment_status: "Refunded",
      reason_code: "refund",
      mc_gross: "-46.00",
      mc_fee: `-${paid.mc_fee}`,
      mc_currency: "USD",
      custom: "wps_button_9",
      receiver_email: BUSINESS,
      charset: "windows-1252",
    });
    expect(ipn.txn_id).toMatch(/^[A-Z0-9]{17}$/);
    expect(ipn.txn_id).not.toBe(tx);
    expect(ipn).not.toHaveProperty("txn_type");
    expect(ipn.verify_sign).not.toBe(paid.verify_sign);
    for (const name of Object.keys(ipn)) expect(PAYPAL_IPN_VARIABLES, name).toContain(name);
    expect(ALL_PAYMENT_STATUSES).toContain(ipn.payment_status);
    expect(await validate(ipnBodies[1]!)).toBe("VERIFIED");

    // PDT now tells the payment's current status; nothing is left to refund or reverse.
    const pdt = await (
      await post("/cgi-bin/webscr", { cmd: "_notify-synch", tx, at: sandboxPdtTokenFor(BUSINESS) })
    ).text();
    expect(pdt).toContain("payment_status=Refunded");
    expect((await control("refund", { txn_id: tx })).status).toBe(422);
    expect((await control("reversal", { txn_id: tx })).status).toBe(422);
  });

  it("refunds in parts, never more than was paid", async () => {
    const tx = await paidTxn();
    expect((await control("refund", { txn_id: tx, amount: "10.00" })).status).toBe(201);
    expect(lastIpn()).toMatchObject({ mc_gross: "-10.00", payment_status: "Refunded", parent_txn_id: tx });
    const tooMuch = await control("refund", { txn_id: tx, amount: "36.01" });
    expect(tooMuch.status).toBe(422);
    expect(JSON.stringify(tooMuch.json)).toContain("At most 36.00 USD");
    expect((await control("refund", { txn_id: tx, amount: "ten" })).status).toBe(400);
    expect((await control("refund", { txn_id: tx, amount: "36.00" })).status).toBe(201);
    expect(ipnBodies).toHaveLength(3);
  });

  it("reverses a payment for a chargeback or another reason", async () => {
    const tx = await paidTxn();
    const { status } = await control("reversal", { txn_id: tx, reason_code: "buyer-complaint" });
    expect(status).toBe(201);
    expect(lastIpn()).toMatchObject({
      parent_txn_id: tx,
      payment_status: "Reversed",
      reason_code: "buyer-complaint",
      mc_gross: "-46.00",
    });
    expect(lastIpn()).not.toHaveProperty("txn_type");
    const other = await paidTxn();
    expect((await control("reversal", { txn_id: other })).status).toBe(201);
    expect(lastIpn().reason_code).toBe("chargeback");
    expect((await control("reversal", { txn_id: await paidTxn(), reason_code: "bored" })).status).toBe(400);
  });

  it("clears a pending payment with a second IPN for the same txn_id", async () => {
    const tx = await paidTxn({ buyer: "pending" });
    expect(lastIpn()).not.toHaveProperty("mc_fee");
    expect((await control("refund", { txn_id: tx })).status).toBe(422);
    expect((await control("complete", { txn_id: tx })).status).toBe(200);
    const ipn = lastIpn();
    expect(ipn).toMatchObject({ txn_id: tx, payment_status: "Completed", txn_type: "web_accept", mc_gross: "46.00" });
    expect(ipn).not.toHaveProperty("pending_reason");
    expect(ipn.mc_fee).toMatch(/^\d+\.\d{2}$/);
    expect(await validate(ipnBodies.at(-1)!)).toBe("VERIFIED");
    expect((await control("complete", { txn_id: tx })).status).toBe(422);

    const denied = await paidTxn({ buyer: "pending" });
    expect((await control("deny", { txn_id: denied })).status).toBe(200);
    expect(lastIpn()).toMatchObject({ txn_id: denied, payment_status: "Denied" });
  });

  it("resends the last IPN byte for byte, as PayPal does when a listener did not answer", async () => {
    const tx = await paidTxn();
    expect((await control("resend", { txn_id: tx })).json).toMatchObject({ delivery: { status: 200 } });
    expect(ipnBodies).toHaveLength(2);
    expect(ipnBodies[1]).toBe(ipnBodies[0]);
  });

  it("answers unknown or missing transactions clearly", async () => {
    expect((await control("refund", { txn_id: "NOPE0000000000000" })).status).toBe(404);
    expect((await control("refund", {})).status).toBe(400);
    expect((await control("complete", { txn_id: "NOPE0000000000000" })).status).toBe(404);
  });
});
