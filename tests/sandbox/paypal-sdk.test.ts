import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxSecretFor, startPayPalSandbox } from "../../sandbox/paypal";
import { type Namespace, byText, loadFakeSdk, waitFor } from "./fake-dom";

let sandbox: Awaited<ReturnType<typeof startPayPalSandbox>>;

beforeAll(async () => {
  sandbox = await startPayPalSandbox();
});
afterAll(() => sandbox.close());

const loadSdk = (query: string, namespace?: string) => loadFakeSdk(sandbox.url, query, namespace);

async function serverToken(clientId: string) {
  const response = await fetch(`${sandbox.url}/v1/oauth2/token`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${sandboxSecretFor(clientId)}`).toString("base64")}` },
    body: new URLSearchParams({ grant_type: "client_credentials" }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** What the app's server does in createOrder: an order created with the merchant's REST credentials. */
async function serverCreatesOrder(clientId: string, currency = "USD") {
  const response = await fetch(`${sandbox.url}/v2/checkout/orders`, {
    method: "POST",
    headers: { authorization: `Bearer ${await serverToken(clientId)}`, "content-type": "application/json" },
    body: JSON.stringify({
      intent: "CAPTURE",
      purchase_units: [{ amount: { currency_code: currency, value: "12.00" } }],
    }),
  });
  return ((await response.json()) as { id: string }).id;
}

describe("fake JS SDK", () => {
  it("is served as JavaScript and defines the data-namespace only", async () => {
    const { response, context } = await loadSdk("client-id=abc&currency=EUR&components=buttons", "paypal_popkit");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    expect(context.paypal).toBeUndefined();
    const ns = context.paypal_popkit as Namespace;
    expect(typeof ns.Buttons).toBe("function");
    expect(ns.Buttons({}).isEligible()).toBe(true);
  });

  it("defaults to window.paypal", async () => {
    const { context } = await loadSdk("client-id=abc");
    expect(typeof (context.paypal as Namespace).Buttons).toBe("function");
  });

  it("answers 400 with a throwing script for a bad query, so loadScript rejects", async () => {
    expect((await loadSdk("currency=USD")).response.status).toBe(400);
    expect((await loadSdk("client-id=abc&currency=XTS")).response.status).toBe(400);
    expect((await loadSdk("client-id=abc&intent=authorize")).response.status).toBe(400);
  });

  it("renders an accessible PayPal button honouring the style", async () => {
    const { context, container } = await loadSdk("client-id=abc");
    await (context.paypal as Namespace)
      .Buttons({ style: { color: "blue", shape: "pill", label: "pay", height: 40 } })
      .render("#paypal-button");
    const button = container.all().find((el) => el.tagName === "button")!;
    expect(button.getAttribute("aria-label")).toBe("Pay with PayPal");
    expect(button.style).toMatchObject({ background: "#0070ba", borderRadius: "20px", height: "40px" });
  });

  it("rejects createSubscription without vault=true&intent=subscription", async () => {
    const { context } = await loadSdk("client-id=abc");
    expect(() => (context.paypal as Namespace).Buttons({ createSubscription: () => "I-X" })).toThrow(/vault=true/);
  });

  it("runs createOrder, the buyer window and onApprove; the server then captures", async () => {
    const clientId = `sdk-${Date.now()}`;
    const { context, body, container } = await loadSdk(`client-id=${clientId}&currency=USD`);
    let orderId = "";
    let resolveApproved: (data: Record<string, unknown>) => void = () => {};
    const approved = new Promise<Record<string, unknown>>((resolve) => (resolveApproved = resolve));
    await (context.paypal as Namespace)
      .Buttons({
        createOrder: async () => (orderId = await serverCreatesOrder(clientId)),
        onApprove: async (data: Record<string, unknown>) => resolveApproved(data),
        onError: (err: Error) => resolveApproved({ error: err.message }),
      })
      .render("#paypal-button");
    container
      .all()
      .find((el) => el.tagName === "button")!
      .click();

    const dialog = await waitFor(() => body.all().find((el) => el.getAttribute("role") === "dialog"));
    const approve = await waitFor(() => byText(dialog, "button", "Approve"));
    expect(byText(dialog, "button", "Decline")).toBeDefined();
    expect(byText(dialog, "button", "Cancel")).toBeDefined();
    const label = byText(dialog, "label", "Test buyer")!;
    expect(
      dialog
        .all()
        .find((el) => el.tagName === "select")!
        .attributes.get("id"),
    ).toBe(label.getAttribute("for"));
    expect(dialog.textContent).toContain("$12.00 USD");
    approve.click();

    const data = await approved;
    expect(data).toMatchObject({ orderID: orderId, payerID: "ALEXBUY3R7Q2L", paymentSource: "paypal" });
    expect(body.all().some((el) => el.getAttribute("role") === "dialog")).toBe(false);
    const capture = await fetch(`${sandbox.url}/v2/checkout/orders/${orderId}/capture`, {
      method: "POST",
      headers: { authorization: `Bearer ${await serverToken(clientId)}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(((await capture.json()) as { status: string }).status).toBe("COMPLETED");
  });

  it("creates a subscription with actions.subscription.create and hands onApprove its id", async () => {
    const clientId = `sdk-sub-${Date.now()}`;
    const planId = sandbox.sandbox.createPlan({
      clientId,
      price: "4.00",
      currency: "USD",
      intervalUnit: "WEEK",
      intervalCount: 1,
    });
    const { context, body } = await loadSdk(`client-id=${clientId}&vault=true&intent=subscription`);
    const approved = new Promise<Record<string, unknown>>((resolve) => {
      void (context.paypal as Namespace)
        .Buttons({
          style: { label: "subscribe" },
          createSubscription: (_: unknown, actions: { subscription: { create: (b: unknown) => Promise<string> } }) =>
            actions.subscription.create({ plan_id: planId }),
          onApprove: async (data: Record<string, unknown>) => resolve(data),
          onError: (err: Error) => resolve({ error: err.message }),
        })
        .render("#paypal-button");
    });
    body
      .all()
      .find((el) => el.getAttribute("aria-label") === "PayPal Subscribe")!
      .click();
    (await waitFor(() => byText(body, "button", "Approve"))).click();
    const data = await approved;
    expect(data.subscriptionID).toMatch(/^I-/);
    const read = await fetch(`${sandbox.url}/v1/billing/subscriptions/${String(data.subscriptionID)}`, {
      headers: { authorization: `Bearer ${await serverToken(clientId)}` },
    });
    expect(await read.json()).toMatchObject({ status: "ACTIVE", plan_id: planId });
  });

  it("calls onCancel on Cancel and onError on Decline or a currency mismatch", async () => {
    const clientId = `sdk-cancel-${Date.now()}`;
    const outcome = async (query: string, currency: string, press?: string) => {
      const { context, body, container } = await loadSdk(query);
      const result = new Promise<string>((resolve) => {
        void (context.paypal as Namespace)
          .Buttons({
            createOrder: () => serverCreatesOrder(clientId, currency),
            onApprove: () => resolve("approve"),
            onCancel: (data: { orderID: string }) => resolve(`cancel ${data.orderID ? "with id" : ""}`.trim()),
            onError: (err: Error) => resolve(`error ${err.message}`),
          })
          .render("#paypal-button")
          .then(() =>
            container
              .all()
              .find((el) => el.tagName === "button")!
              .click(),
          );
      });
      if (press) (await waitFor(() => byText(body, "button", press))).click();
      return result;
    };
    expect(await outcome(`client-id=${clientId}`, "USD", "Cancel")).toBe("cancel with id");
    expect(await outcome(`client-id=${clientId}`, "USD", "Decline")).toMatch(/^error The buyer declined/);
    expect(await outcome(`client-id=${clientId}&currency=EUR`, "USD")).toMatch(/^error Unexpected currency: USD/);
    expect(await outcome("client-id=someone-else", "USD")).toMatch(/^error .*PERMISSION_DENIED/);
  });
});
