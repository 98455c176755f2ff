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
    const unprefixed = await fetch(`${sandbox.url}/cgi-bin/webscr`, {
      method: "POST",
      body: `${body}&cmd=_notify-validate`,
    });
    expect(await unprefixed.text()).toBe("INVALID");
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
