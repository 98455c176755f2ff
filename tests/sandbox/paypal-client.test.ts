import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_WEBHOOK_ID, sandboxSecretFor, startPayPalSandbox } from "../../sandbox/paypal";
import { AppError } from "~/server/platform/errors";
import { createPayPalClient } from "~/server/vendors/paypal/client";

let paypal: Awaited<ReturnType<typeof startPayPalSandbox>>;

beforeAll(async () => {
  paypal = await startPayPalSandbox({ port: 0 });
});
afterAll(() => paypal.close());

/** A client for a fresh merchant, with a fetch that records every URL it calls. */
function newClient(overrides: { apiBase?: string; secret?: string; fetch?: typeof fetch } = {}) {
  const clientId = `client-${randomUUID()}`;
  const calls: string[] = [];
  const config = {
    apiBase: overrides.apiBase ?? paypal.url,
    clientId,
    secret: overrides.secret ?? sandboxSecretFor(clientId),
    fetch: (async (url, init) => {
      calls.push(`${init?.method ?? "GET"} ${new URL(String(url)).pathname}`);
      return (overrides.fetch ?? fetch)(url, init);
    }) as typeof fetch,
  };
  const tokenCalls = () => calls.filter((call) => call === "POST /v1/oauth2/token").length;
  return { config, client: createPayPalClient(config), calls, tokenCalls };
}

type OrderInput = Parameters<ReturnType<typeof createPayPalClient>["createOrder"]>[0];

/** One poster at the order's amount, unless the test says otherwise. */
const orderInput = (overrides: Partial<OrderInput> = {}): OrderInput => {
  const amount = overrides.amount ?? { currency: "USD", valueMinor: 1999 };
  return {
    amount,
    items: [{ name: "Poster", quantity: 1, unitAmountMinor: amount.valueMinor }],
    customId: "btn_poster",
    description: "Poster",
    requestId: randomUUID(),
    ...overrides,
  };
};

/** The merchant's own bearer token, for reading PayPal's answers as they are. */
async function tokenOf(config: { clientId: string; secret: string }) {
  const response = await fetch(`${paypal.url}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${config.clientId}:${config.secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** GET /v2/checkout/orders/{id} as PayPal answers it. */
async function orderAsPayPalHasIt(config: { clientId: string; secret: string }, id: string) {
  const response = await fetch(`${paypal.url}/v2/checkout/orders/${id}`, {
    headers: { authorization: `Bearer ${await tokenOf(config)}` },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- PayPal's order JSON, compared as a whole
  return (await response.json()) as any;
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("OAuth", () => {
  it("fetches one token and reuses it across calls and client instances", async () => {
    const { config, client, tokenCalls } = newClient();
    await client.createOrder(orderInput());
    await client.createOrder(orderInput());
    expect(tokenCalls()).toBe(1);

    let again = 0;
    const sameMerchant = createPayPalClient({
      ...config,
      fetch: (async (url, init) => {
        if (String(url).endsWith("/v1/oauth2/token")) again++;
        return fetch(url, init);
      }) as typeof fetch,
    });
    await sameMerchant.createOrder(orderInput());
    expect(again).toBe(0);
  });

  it("drops a token PayPal no longer accepts and retries once with a new one", async () => {
    const other = await startPayPalSandbox({ port: 0 });
    try {
      const { client, calls, tokenCalls } = newClient({ apiBase: other.url });
      await client.createOrder(orderInput());
      // A reset forgets the key the sandbox signs tokens with, so the cached token now gets a 401.
      other.sandbox.reset();
      const order = await client.createOrder(orderInput());
      expect(order.status).toBe("CREATED");
      expect(tokenCalls()).toBe(2);
      expect(calls.filter((call) => call === "POST /v2/checkout/orders")).toHaveLength(3);
    } finally {
      await other.close();
    }
  });

  it("reports a rejected secret as UPSTREAM without revealing it", async () => {
    const secret = `wrong-${randomUUID()}`;
    const { client } = newClient({ secret });
    const error = await failure(client.createOrder(orderInput()));
    expect(error.code).toBe("UPSTREAM");
    expect(error.userMessage).toMatch(/credentials/);
    const everything = JSON.stringify([error.message, error.userMessage, String(error.cause), error.stack]);
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(Buffer.from(secret).toString("base64").slice(0, 12));
  });
});

describe("orders", () => {
  it("creates, approves and captures an order with the payer's details", async () => {
    const { client } = newClient();
    const created = await client.createOrder(orderInput());
    expect(created).toMatchObject({ status: "CREATED", approveUrl: expect.stringContaining(created.id) });

    const before = await client.getOrder(created.id);
    expect(before).toMatchObject({
      id: created.id,
      status: "CREATED",
      amount: { currency: "USD", valueMinor: 1999 },
      customId: "btn_poster",
      payer: null,
      capture: null,
      vault: null,
    });

    paypal.sandbox.approveOrder(created.id, "alex");
    const requestId = randomUUID();
    const captured = await client.captureOrder(created.id, { requestId });
    expect(captured).toEqual({
      id: created.id,
      status: "COMPLETED",
      amount: { currency: "USD", valueMinor: 1999 },
      customId: "btn_poster",
      payer: { payerId: "ALEXBUY3R7Q2L", email: "alex.buyer@buyer.example.com", givenName: "Alex", surname: "Buyer" },
      capture: {
        id: expect.stringMatching(/^[A-Z0-9]{17}$/),
        status: "COMPLETED",
        statusReason: null,
        amount: { currency: "USD", valueMinor: 1999 },
        // The sandbox's fee: 3.49% + 0.49, rounded half up.
        fee: { currency: "USD", valueMinor: 119 },
        customId: "btn_poster",
        createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      vault: null,
      // A digital order asks no address, and so has no shipping option.
      shipping: null,
      shippingOptionId: null,
    });

    // Retrying with the same PayPal-Request-Id is safe: the same capture comes back.
    expect((await client.captureOrder(created.id, { requestId })).capture.id).toBe(captured.capture.id);
    expect((await client.getOrder(created.id)).capture?.id).toBe(captured.capture.id);

    const twice = await failure(client.captureOrder(created.id, { requestId: randomUUID() }));
    expect(twice).toMatchObject({ code: "PAYMENT_FAILED", issue: "ORDER_ALREADY_CAPTURED" });
  });

  it("sends amounts in the currency's own decimals", async () => {
    const { client } = newClient();
    const { id } = await client.createOrder(orderInput({ amount: { currency: "JPY", valueMinor: 1500 } }));
    expect((await client.getOrder(id)).amount).toEqual({ currency: "JPY", valueMinor: 1500 });
  });

  it("lists the items and the discount, in the currency's decimals, so PayPal's window and receipt show them", async () => {
    const { client, config } = newClient();
    const { id } = await client.createOrder(
      orderInput({
        amount: { currency: "USD", valueMinor: 25 },
        items: [{ name: "Sticker", quantity: 3, unitAmountMinor: 10 }],
        discountMinor: 5,
      }),
    );
    const [unit] = (await orderAsPayPalHasIt(config, id)).purchase_units;
    expect(unit.amount).toEqual({
      currency_code: "USD",
      value: "0.25",
      breakdown: {
        item_total: { currency_code: "USD", value: "0.30" },
        discount: { currency_code: "USD", value: "0.05" },
      },
    });
    expect(unit.items).toEqual([
      { name: "Sticker", quantity: "3", unit_amount: { currency_code: "USD", value: "0.10" } },
    ]);

    const yen = await client.createOrder(
      orderInput({
        amount: { currency: "JPY", valueMinor: 2999 },
        items: [{ name: "Pattern", quantity: 2, unitAmountMinor: 1500 }],
        discountMinor: 1,
      }),
    );
    expect((await orderAsPayPalHasIt(config, yen.id)).purchase_units[0].amount.breakdown).toEqual({
      item_total: { currency_code: "JPY", value: "3000" },
      discount: { currency_code: "JPY", value: "1" },
    });
  });

  it("refuses, before asking PayPal, items that do not add up to the amount", async () => {
    const { client, calls } = newClient();
    await expect(
      client.createOrder(orderInput({ items: [{ name: "Poster", quantity: 2, unitAmountMinor: 1000 }] })),
    ).rejects.toThrow(/must equal the amount/);
    await expect(client.createOrder(orderInput({ items: [] }))).rejects.toThrow(/must equal the amount/);
    expect(calls.filter((call) => call === "POST /v2/checkout/orders")).toHaveLength(0);
  });

  it("returns the same order for a repeated requestId", async () => {
    const { client } = newClient();
    const input = orderInput();
    const first = await client.createOrder(input);
    expect((await client.createOrder(input)).id).toBe(first.id);
    expect((await client.createOrder({ ...input, requestId: randomUUID() })).id).not.toBe(first.id);
  });

  it("passes return and cancel URLs for the redirect flow", async () => {
    const { client } = newClient();
    const created = await client.createOrder(
      orderInput({ returnUrl: "https://shop.example/thank-you", cancelUrl: "https://shop.example/checkout" }),
    );
    expect(created.approveUrl).toContain(created.id);
  });

  it("asks an order that ships for the buyer's address on file, and answers it in the capture", async () => {
    const { client } = newClient();
    const created = await client.createOrder({ ...orderInput(), ships: true });
    paypal.sandbox.approveOrder(created.id, "alex");
    const captured = await client.captureOrder(created.id, { requestId: randomUUID() });
    expect(captured.shipping).toEqual({
      name: "Alex Buyer",
      line1: "2211 N First Street",
      line2: null,
      city: "San Jose",
      region: "CA",
      postalCode: "95131",
      countryCode: "US",
    });
  });

  it("maps a declined card to PAYMENT_FAILED with its issue and a buyer-readable message", async () => {
    const { client } = newClient();
    const { id } = await client.createOrder(orderInput());
    paypal.sandbox.approveOrder(id, "declined-card");
    const error = await failure(client.captureOrder(id, { requestId: randomUUID() }));
    expect(error).toMatchObject({
      code: "PAYMENT_FAILED",
      issue: "INSTRUMENT_DECLINED",
      userMessage: "Your payment method was declined. Please try another one.",
    });
  });

  it("maps capturing an unapproved order to PAYMENT_FAILED ORDER_NOT_APPROVED", async () => {
    const { client } = newClient();
    const { id } = await client.createOrder(orderInput());
    const error = await failure(client.captureOrder(id, { requestId: randomUUID() }));
    expect(error).toMatchObject({ code: "PAYMENT_FAILED", issue: "ORDER_NOT_APPROVED" });
  });

  it.each([
    ["pending", "PENDING", "PENDING_REVIEW"],
    ["capture-declined", "DECLINED", null],
  ] as const)("surfaces a %s buyer's capture as status %s", async (buyer, status, reason) => {
    const { client } = newClient();
    const { id } = await client.createOrder(orderInput());
    paypal.sandbox.approveOrder(id, buyer);
    const captured = await client.captureOrder(id, { requestId: randomUUID() });
    expect(captured.capture).toMatchObject({ status, statusReason: reason, amount: { valueMinor: 1999 } });
  });

  it("maps an unknown order to NOT_FOUND, and a 403 (another app's order) to the seller's setup", async () => {
    const { client } = newClient();
    expect((await failure(client.getOrder("NOSUCHORDER000000"))).code).toBe("NOT_FOUND");
    const { id } = await newClient().client.createOrder(orderInput());
    const refused = await failure(client.getOrder(id));
    expect(refused.code).toBe("FORBIDDEN");
    expect(refused.message).toMatch(/seller needs to enable it for their REST app/);
  });
});

describe("saved wallets (vault)", () => {
  it("saves the buyer's wallet on capture, charges it once per request id without the buyer, and deletes it", async () => {
    const { client } = newClient();
    const created = await client.createOrder(orderInput({ vault: true }));
    paypal.sandbox.approveOrder(created.id, "alex");
    const captured = await client.captureOrder(created.id, { requestId: randomUUID() });
    expect(captured.vault).toEqual({ id: expect.any(String), status: "VAULTED", customerId: expect.any(String) });
    expect((await client.getOrder(created.id)).vault?.id).toBe(captured.vault!.id);

    const upsell = orderInput({ amount: { currency: "USD", valueMinor: 500 }, customId: "btn_workbook" });
    const charged = await client.chargeSavedWallet({ ...upsell, vaultId: captured.vault!.id });
    expect(charged).toMatchObject({
      status: "COMPLETED",
      customId: "btn_workbook",
      payer: { email: "alex.buyer@buyer.example.com" },
      capture: { status: "COMPLETED", amount: { currency: "USD", valueMinor: 500 } },
    });
    // A double click or a replay sends the same request id: PayPal answers the same order, one charge.
    const again = await client.chargeSavedWallet({ ...upsell, vaultId: captured.vault!.id });
    expect(again.capture.id).toBe(charged.capture.id);

    await client.deleteSavedWallet(captured.vault!.id);
    const gone = await failure(
      client.chargeSavedWallet({ ...upsell, requestId: randomUUID(), vaultId: captured.vault!.id }),
    );
    expect(gone.code).toBe("NOT_FOUND");
  });

  it("is refused with PayPal's issue for an app not allowed to save payment methods", async () => {
    const { client, config } = newClient();
    paypal.sandbox.setVaulting(config.clientId, false);
    const refused = await failure(client.createOrder(orderInput({ vault: true })));
    expect(refused.issue).toBe("NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE");
    // The same order without the request to save is fine.
    expect((await client.createOrder(orderInput())).status).toBe("CREATED");
  });
});

describe("subscriptions", () => {
  it("reads a subscription's status, plan and subscriber", async () => {
    const { config, client } = newClient();
    const token = await tokenOf(config);
    const planId = paypal.sandbox.createPlan({
      clientId: config.clientId,
      price: "5.00",
      currency: "USD",
      intervalUnit: "MONTH",
      intervalCount: 1,
    });
    const created = (await fetch(`${paypal.url}/v1/billing/subscriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ plan_id: planId, custom_id: "btn_club" }),
    }).then((r) => r.json())) as { id: string };

    expect(await client.getSubscription(created.id)).toMatchObject({
      status: "APPROVAL_PENDING",
      planId,
      subscriber: null,
    });
    paypal.sandbox.approveSubscription(created.id, "alex");
    expect(await client.getSubscription(created.id)).toMatchObject({
      id: created.id,
      status: "ACTIVE",
      planId,
      customId: "btn_club",
      startTime: expect.any(String),
      subscriber: {
        payerId: "ALEXBUY3R7Q2L",
        email: "alex.buyer@buyer.example.com",
        givenName: "Alex",
        surname: "Buyer",
      },
    });
    expect((await failure(client.getSubscription("I-NOSUCHSUB00"))).code).toBe("NOT_FOUND");
  });
});

describe("webhook verification", () => {
  const signed = () =>
    paypal.sandbox.signWebhook({
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: { id: "REFUND0000000001", amount: { currency_code: "USD", value: "19.99" } },
    });

  it("accepts a PayPal-signed event and rejects a tampered one", async () => {
    const { client } = newClient();
    const { body, headers } = signed();
    const verify = (rawBody: string, webhookId = SANDBOX_WEBHOOK_ID, sent = new Headers(headers)) =>
      client.verifyWebhookSignature({ headers: sent, rawBody, webhookId });

    expect(await verify(body)).toBe(true);
    expect(await verify(body.replace('"19.99"', '"1999.00"'))).toBe(false);
    expect(await verify(body, "OTHERWEBHOOK0000001")).toBe(false);
    const unsigned = new Headers(headers);
    unsigned.delete("paypal-transmission-sig");
    expect(await verify(body, SANDBOX_WEBHOOK_ID, unsigned)).toBe(false);
    expect(await verify("not json")).toBe(false);
  });
});

describe("PayPal unavailable", () => {
  it("maps an unreachable API base to UPSTREAM", async () => {
    // A port that was just free: connections to it are refused.
    const closed = await startPayPalSandbox({ port: 0 });
    await closed.close();
    const { client } = newClient({ apiBase: closed.url });
    const error = await failure(client.createOrder(orderInput()));
    expect(error).toMatchObject({ code: "UPSTREAM", userMessage: "PayPal is not responding. Please try again." });
    expect(error.cause).toMatchObject({ cause: { code: "ECONNREFUSED" } });
  });

  it("maps a 5xx and an unparseable answer to UPSTREAM", async () => {
    const answering = (response: () => Response) =>
      newClient({
        fetch: (async (url, init) =>
          String(url).endsWith("/v1/oauth2/token") ? fetch(url, init) : response()) as typeof fetch,
      }).client;
    const gateway = answering(() => new Response("<html>Bad Gateway</html>", { status: 502 }));
    expect((await failure(gateway.getOrder("ANYORDER000000000"))).code).toBe("UPSTREAM");
    const garbled = answering(() => new Response("<html>OK</html>", { status: 200 }));
    expect((await failure(garbled.getOrder("ANYORDER000000000"))).code).toBe("UPSTREAM");
  });
});

describe("payer details", () => {
  it("keeps the payer's e-mail and name when PayPal sends no payer_id", async () => {
    const { client } = newClient({
      fetch: (async (url, init) =>
        String(url).endsWith("/v1/oauth2/token")
          ? fetch(url, init)
          : Response.json({
              id: "GUESTORDER0000001",
              status: "APPROVED",
              payment_source: { paypal: { email_address: "guest@buyer.example.com", name: { given_name: "Gia" } } },
              purchase_units: [{ amount: { currency_code: "USD", value: "5.00" }, custom_id: "btn" }],
            })) as typeof fetch,
    });
    expect((await client.getOrder("GUESTORDER0000001")).payer).toEqual({
      payerId: null,
      email: "guest@buyer.example.com",
      givenName: "Gia",
      surname: null,
    });
  });
});
