import { describe, expect, it } from "vitest";
import { sandboxSecretFor } from "../../../sandbox/paypal";
import { paymentButtonDefaults, type PaymentButtonInput } from "~/schemas/payment-buttons";
import { encryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { connectPayPal } from "../../factories/store-settings";
import { unique } from "../../factories/unique";
import { anonymousCaller, merchantCaller, signedInMerchant, twoMerchants } from "../../support/callers";
import { buyerApi } from "../../support/buyer-api";
import { createPlan, sandboxApiBase } from "../../support/paypal-sandbox";
import { rejectionOf } from "../../support/rejection";

function validInput(overrides: Partial<PaymentButtonInput> = {}): PaymentButtonInput {
  return {
    ...paymentButtonDefaults,
    name: `Pro plan ${unique("")}`,
    description: "Monthly access",
    paypalClientId: "client-abc",
    ...overrides,
  };
}

/** What the seller sees in PayPal's dashboard: a call to the sandbox's REST API with their app's credentials. */
async function paypalApi(clientId: string, method: "GET" | "POST", path: string) {
  const basic = Buffer.from(`${clientId}:${sandboxSecretFor(clientId)}`).toString("base64");
  const token = await fetch(`${sandboxApiBase()}/v1/oauth2/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const response = await fetch(`${sandboxApiBase()}${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: method === "POST" ? "{}" : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
}

type SandboxPlan = {
  id: string;
  status: string;
  product_id: string;
  billing_cycles: {
    tenure_type: string;
    total_cycles: number;
    frequency: { interval_unit: string; interval_count: number };
    pricing_scheme: { fixed_price: { currency_code: string; value: string } };
  }[];
  payment_preferences: { auto_bill_outstanding: boolean; payment_failure_threshold: number };
};

const readPlan = async (clientId: string, planId: string) =>
  (await paypalApi(clientId, "GET", `/v1/billing/plans/${planId}`)) as SandboxPlan;

/** A merchant connected to the sandbox and the input of a subscription button made with their client ID. */
async function connectedSeller() {
  const merchant = await createMerchant(db);
  const { clientId } = await connectPayPal(db, merchant.id);
  const subscription = (overrides: Partial<PaymentButtonInput> = {}) =>
    validInput({ paymentType: "subscription", paypalClientId: clientId, ...overrides });
  return { merchant, clientId, api: merchantCaller(merchant), subscription };
}

describe("pages.buttons.create", () => {
  it("stores minor units and returns the form's decimal text back", async () => {
    const { merchant, api } = await signedInMerchant();
    const input = validInput({
      amount: "19.9",
      currency: "EUR",
      successUrl: "https://shop.example/thanks",
      style: { color: "blue", shape: "pill", size: "large", label: "buynow" },
    });
    const created = await api.pages.buttons.create(input);

    const row = await db.paymentButton.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({
      merchantId: merchant.id,
      amountMinor: 1990,
      currency: "EUR",
      paymentType: "one_time",
      subscriptionPlanId: null,
      cancelUrl: null,
      successUrl: "https://shop.example/thanks",
      styleColor: "blue",
      styleShape: "pill",
      styleSize: "large",
      styleLabel: "buynow",
      isActive: true,
      buttonType: "manual",
    });
    expect(created.values).toEqual({ ...input, amount: "19.90" });
  });

  it("keeps whole yen and a subscription's plan id, and drops a plan id from one-time buttons", async () => {
    const api = merchantCaller(await createMerchant(db));
    const yen = await api.pages.buttons.create(validInput({ amount: "1500", currency: "JPY" }));
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: yen.id } })).amountMinor).toBe(1500);
    expect(yen.values.amount).toBe("1500");

    const sub = await api.pages.buttons.create(
      validInput({ paymentType: "subscription", planSource: "existing", subscriptionPlanId: "P-1" }),
    );
    expect(sub.values).toMatchObject({
      paymentType: "subscription",
      planSource: "existing",
      subscriptionPlanId: "P-1",
    });

    const oneTime = await api.pages.buttons.create(validInput({ subscriptionPlanId: "P-ignored" }));
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: oneTime.id } })).subscriptionPlanId).toBeNull();
  });

  it.each([
    [{ name: "  " }, "Button name is required"],
    [{ paypalClientId: "" }, "PayPal client ID is required"],
    [{ amount: "0" }, "Amount must be a positive number"],
    [{ amount: "-1" }, "Amount must be a positive number"],
    [{ amount: "ten" }, "Amount must be a positive number"],
    [{ amount: "12.50", currency: "JPY" as const }, "JPY amounts must be whole numbers"],
    [
      { paymentType: "subscription" as const, planSource: "existing" as const },
      "Subscription Plan ID is required for subscription payments",
    ],
    [{ webhookUrl: "ftp://nope" }, "Please enter a valid URL"],
  ])("rejects %o with its message and stores nothing", async (overrides, message) => {
    const merchant = await createMerchant(db);
    const error = await rejectionOf(merchantCaller(merchant).pages.buttons.create(validInput(overrides)));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain(message);
    expect(await db.paymentButton.count({ where: { merchantId: merchant.id } })).toBe(0);
  });
});

describe("pages.buttons.list and pages.counts", () => {
  it("lists only the merchant's own manual buttons, newest first, and counts each kind", async () => {
    const { owner, other, ownerApi } = await twoMerchants();
    const older = await createPaymentButton(db, owner.id, { createdAt: new Date("2026-01-01T00:00:00Z") });
    const newer = await createPaymentButton(db, owner.id, {
      amountMinor: 2500,
      paymentType: "subscription",
      subscriptionPlanId: "P-9",
      isActive: false,
    });
    const page = await db.digitalSellPage.create({
      data: {
        merchantId: owner.id,
        name: "Ebook",
        description: "A book",
        basicName: "Basic",
        basicPriceMinor: 2999,
        basicOriginalPriceMinor: 3999,
        paypalClientId: "client-abc",
        currency: "USD",
      },
    });
    await createPaymentButton(db, owner.id, {
      name: "Ebook - Basic",
      buttonType: "bundle",
      sellPageId: page.id,
      bundleTier: "basic",
    });
    await createPaymentButton(db, other.id);

    const list = await ownerApi.pages.buttons.list();
    expect(list.map((button) => button.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toEqual({
      id: newer.id,
      name: newer.name,
      description: newer.description,
      amountMinor: 2500,
      currency: "USD",
      paymentType: "subscription",
      isActive: false,
      createdAt: newer.createdAt,
      updatedAt: newer.updatedAt,
      setupIssue: {
        code: "paypal_not_connected",
        label: "Setup needed",
        message: "Add your PayPal client ID and secret in Store Settings.",
        fixHref: "/dashboard/settings",
      },
    });

    await expect(ownerApi.pages.counts()).resolves.toEqual({
      paymentButtons: 2,
      digitalSellPages: 1,
      wpsButtons: 0,
    });
  });

  it("starts empty", async () => {
    const api = merchantCaller(await createMerchant(db));
    await expect(api.pages.buttons.list()).resolves.toEqual([]);
    await expect(api.pages.counts()).resolves.toEqual({ paymentButtons: 0, digitalSellPages: 0, wpsButtons: 0 });
  });
});

describe("setupIssue: a button that cannot take payments says why", () => {
  const issueOf = async (merchant: { id: string; email: string; name: string }, id: string) =>
    (await merchantCaller(merchant).pages.buttons.list()).find((button) => button.id === id)?.setupIssue;

  it("reads 'Setup needed' until the PayPal secret is saved, then null", async () => {
    const merchant = await createMerchant(db);
    const clientId = `client-${merchant.id}`;
    await db.storeSettings.create({ data: { merchantId: merchant.id, storeName: "Shop", paypalClientId: clientId } });
    const button = await createPaymentButton(db, merchant.id, { paypalClientId: clientId });

    expect(await issueOf(merchant, button.id)).toEqual({
      code: "paypal_not_connected",
      label: "Setup needed",
      message: "Add your PayPal secret in Store Settings.",
      fixHref: "/dashboard/settings",
    });
    // The same rule refuses the buyer: the public button cannot take payments.
    await expect(buyerApi().getButton({ buttonId: button.id })).resolves.toMatchObject({
      canTakePayments: false,
    });

    await connectPayPal(db, merchant.id, clientId);
    expect(await issueOf(merchant, button.id)).toBeNull();
    await expect(merchantCaller(merchant).pages.buttons.get({ id: button.id })).resolves.toMatchObject({
      setupIssue: null,
    });
    await expect(buyerApi().getButton({ buttonId: button.id })).resolves.toMatchObject({
      canTakePayments: true,
    });
  });

  it("names the fix for another client ID, an unreadable secret and a subscription without a plan", async () => {
    const merchant = await createMerchant(db);
    const { clientId } = await connectPayPal(db, merchant.id);
    const other = await createPaymentButton(db, merchant.id, { paypalClientId: "someone-elses-client" });
    const noPlan = await createPaymentButton(db, merchant.id, {
      paypalClientId: clientId,
      paymentType: "subscription",
      subscriptionPlanId: null,
    });
    const fine = await createPaymentButton(db, merchant.id, {
      paypalClientId: clientId,
      paymentType: "subscription",
      subscriptionPlanId: "P-1",
    });

    expect(await issueOf(merchant, other.id)).toMatchObject({
      code: "client_id_mismatch",
      fixHref: `/dashboard/pages/edit/${other.id}`,
    });
    expect(await issueOf(merchant, noPlan.id)).toMatchObject({
      code: "subscription_plan_missing",
      fixHref: `/dashboard/pages/edit/${noPlan.id}`,
    });
    expect(await issueOf(merchant, fine.id)).toBeNull();

    // A secret the server can no longer decrypt (a rotated key) refuses buyers too.
    await db.storeSettings.update({
      where: { merchantId: merchant.id },
      data: { paypalSecretEncrypted: "v1.bad.bad.bad" },
    });
    expect(await issueOf(merchant, fine.id)).toMatchObject({
      code: "paypal_secret_unreadable",
      fixHref: "/dashboard/settings",
    });
  });

  it("comes back from create and update", async () => {
    const { merchant, api } = await signedInMerchant();
    const created = await api.pages.buttons.create(validInput());
    expect(created.setupIssue).toMatchObject({ code: "paypal_not_connected" });
    await connectPayPal(db, merchant.id, "client-abc");
    const updated = await api.pages.buttons.update({ id: created.id, values: validInput() });
    expect(updated.setupIssue).toBeNull();
  });
});

describe("pages.buttons.get", () => {
  it("returns the button's form values with its id and dates", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id, { amountMinor: 1234, currency: "GBP" });
    const found = await merchantCaller(merchant).pages.buttons.get({ id: button.id });
    expect(found).toMatchObject({
      id: button.id,
      createdAt: button.createdAt,
      updatedAt: button.updatedAt,
      values: {
        name: button.name,
        description: "A test button",
        amount: "12.34",
        currency: "GBP",
        paymentType: "one-time",
        subscriptionPlanId: "",
        successUrl: "",
        style: { color: "gold", shape: "rect", size: "medium", label: "paypal" },
      },
    });
  });

  it("does not find an unknown id, another merchant's button or a sell page's bundle button", async () => {
    const { owner, ownerApi, otherApi } = await twoMerchants();
    const button = await createPaymentButton(db, owner.id);
    const bundle = await createPaymentButton(db, owner.id, { buttonType: "bundle" });
    for (const [api, id] of [
      [ownerApi, "does-not-exist"],
      [otherApi, button.id],
      [ownerApi, bundle.id],
    ] as const) {
      const error = await rejectionOf(api.pages.buttons.get({ id }));
      expect(error.code).toBe("NOT_FOUND");
      expect(error.message).toBe("Payment button not found");
    }
    expect((await rejectionOf(ownerApi.pages.buttons.get({ id: "" }))).message).toContain("Button ID is required");
  });
});

describe("pages.buttons.update", () => {
  it("saves every field and moves updatedAt", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id, { createdAt: new Date(Date.now() - 60_000) });
    const values = validInput({
      amount: "42",
      currency: "CAD",
      paymentType: "subscription",
      planSource: "existing",
      subscriptionPlanId: "P-42",
      cancelUrl: "https://shop.example/cancel",
      style: { color: "black", shape: "pill", size: "small", label: "subscribe" },
    });
    const updated = await merchantCaller(merchant).pages.buttons.update({ id: button.id, values });
    expect(updated.values).toEqual({ ...values, amount: "42.00" });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(button.updatedAt.getTime());
    const row = await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } });
    expect(row).toMatchObject({ amountMinor: 4200, currency: "CAD", paymentType: "subscription" });
  });

  it("refuses another merchant's button and changes nothing", async () => {
    const { owner, otherApi } = await twoMerchants();
    const button = await createPaymentButton(db, owner.id);
    const error = await rejectionOf(
      otherApi.pages.buttons.update({ id: button.id, values: validInput({ name: "Hijack" }) }),
    );
    expect(error.code).toBe("NOT_FOUND");
    expect(error.message).toBe("Payment button not found");
    expect(await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).toEqual(button);
  });

  it("rejects bad values with their messages and changes nothing", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const api = merchantCaller(merchant);
    const yen = await rejectionOf(
      api.pages.buttons.update({ id: button.id, values: validInput({ amount: "9.99", currency: "JPY" }) }),
    );
    expect(yen.code).toBe("BAD_REQUEST");
    expect(yen.message).toContain("JPY amounts must be whole numbers");
    const sub = await rejectionOf(
      api.pages.buttons.update({
        id: button.id,
        values: validInput({ paymentType: "subscription", planSource: "existing" }),
      }),
    );
    expect(sub.message).toContain("Subscription Plan ID is required for subscription payments");
    expect(await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).toEqual(button);
  });
});

describe("a subscription's plan created in PayPal from the button's price", () => {
  it("makes a product and an ACTIVE plan at the button's price and interval with the seller's credentials", async () => {
    const { merchant, clientId, api, subscription } = await connectedSeller();
    const input = subscription({ amount: "19.99", currency: "EUR", planSource: "create", planInterval: "QUARTER" });
    const created = await api.pages.buttons.create(input);

    const row = await db.paymentButton.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({
      merchantId: merchant.id,
      paymentType: "subscription",
      subscriptionPlanId: expect.stringMatching(/^P-/),
      planIntervalUnit: "MONTH",
      planIntervalCount: 3,
    });
    expect(created.values).toEqual({ ...input, subscriptionPlanId: row.subscriptionPlanId });
    expect(created.setupIssue).toBeNull();

    const plan = await readPlan(clientId, row.subscriptionPlanId!);
    expect(plan).toMatchObject({
      status: "ACTIVE",
      billing_cycles: [
        {
          tenure_type: "REGULAR",
          total_cycles: 0,
          frequency: { interval_unit: "MONTH", interval_count: 3 },
          pricing_scheme: { fixed_price: { currency_code: "EUR", value: "19.99" } },
        },
      ],
      payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
    });
    const product = await paypalApi(clientId, "GET", `/v1/catalogs/products/${plan.product_id}`);
    expect(product).toMatchObject({ name: input.name, description: input.description, type: "DIGITAL" });
  });

  it.each([
    ["WEEK", "WEEK", 1, "JPY", "1500", "1500"],
    ["YEAR", "YEAR", 1, "USD", "120", "120.00"],
  ] as const)("bills %s as %s x %i", async (planInterval, unit, count, currency, amount, value) => {
    const { clientId, api, subscription } = await connectedSeller();
    const created = await api.pages.buttons.create(subscription({ amount, currency, planInterval }));
    const plan = await readPlan(clientId, created.values.subscriptionPlanId);
    expect(plan.billing_cycles[0]).toMatchObject({
      frequency: { interval_unit: unit, interval_count: count },
      pricing_scheme: { fixed_price: { currency_code: currency, value } },
    });
    expect(created.values).toMatchObject({ planSource: "create", planInterval });
  });

  it("keeps the plan while price and interval stay, and makes a new one when either changes", async () => {
    const { clientId, api, subscription } = await connectedSeller();
    const created = await api.pages.buttons.create(subscription({ amount: "10.00" }));
    const firstPlan = created.values.subscriptionPlanId;

    // What the edit form sends back: the saved values, here with a new name only.
    const renamed = await api.pages.buttons.update({ id: created.id, values: { ...created.values, name: "Renamed" } });
    expect(renamed.values).toMatchObject({ name: "Renamed", planSource: "create", subscriptionPlanId: firstPlan });

    const repriced = await api.pages.buttons.update({ id: created.id, values: { ...renamed.values, amount: "12.50" } });
    const secondPlan = repriced.values.subscriptionPlanId;
    expect(secondPlan).toMatch(/^P-/);
    expect(secondPlan).not.toBe(firstPlan);
    expect((await readPlan(clientId, secondPlan)).billing_cycles[0]!.pricing_scheme.fixed_price.value).toBe("12.50");
    // Existing subscribers stay on the first plan, which still bills the old price.
    expect(await readPlan(clientId, firstPlan)).toMatchObject({
      status: "ACTIVE",
      billing_cycles: [{ pricing_scheme: { fixed_price: { value: "10.00" } } }],
    });

    const yearly = await api.pages.buttons.update({
      id: created.id,
      values: { ...repriced.values, planInterval: "YEAR" },
    });
    expect(yearly.values.subscriptionPlanId).not.toBe(secondPlan);
    expect(await db.paymentButton.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      subscriptionPlanId: yearly.values.subscriptionPlanId,
      planIntervalUnit: "YEAR",
      planIntervalCount: 1,
      amountMinor: 1250,
    });
  });

  it("replaces a current plan that was deactivated in PayPal since", async () => {
    const { clientId, api, subscription } = await connectedSeller();
    const created = await api.pages.buttons.create(subscription());
    await paypalApi(clientId, "POST", `/v1/billing/plans/${created.values.subscriptionPlanId}/deactivate`);
    const saved = await api.pages.buttons.update({ id: created.id, values: created.values });
    expect(saved.values.subscriptionPlanId).not.toBe(created.values.subscriptionPlanId);
    expect((await readPlan(clientId, saved.values.subscriptionPlanId)).status).toBe("ACTIVE");
  });

  it("without PayPal connected, says where to connect it and stores nothing", async () => {
    const { merchant, api } = await signedInMerchant();
    const error = await rejectionOf(api.pages.buttons.create(validInput({ paymentType: "subscription" })));
    const message = "Connect PayPal in Store Settings to create the plan, or enter an existing Plan ID.";
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe(message);
    expect(error.cause?.fieldErrors).toEqual({ planSource: [message] });
    expect(await db.paymentButton.count({ where: { merchantId: merchant.id } })).toBe(0);

    // A button's client ID other than the connected one cannot create it either.
    await connectPayPal(db, merchant.id);
    const other = await rejectionOf(
      api.pages.buttons.create(validInput({ paymentType: "subscription", paypalClientId: "another-client" })),
    );
    expect(other.message).toBe(message);
  });

  it("turns PayPal refusing the credentials into a readable error, not a 500", async () => {
    const { merchant, api, subscription } = await connectedSeller();
    await db.storeSettings.update({
      where: { merchantId: merchant.id },
      data: { paypalSecretEncrypted: encryptSecret("not-the-secret") },
    });
    const error = await rejectionOf(api.pages.buttons.create(subscription()));
    expect(error.code).toBe("BAD_GATEWAY");
    expect(error.message).toBe("PayPal rejected your PayPal client ID or secret: update them in Store Settings.");
    expect(await db.paymentButton.count({ where: { merchantId: merchant.id } })).toBe(0);
  });

  it("lets no other merchant edit the button or make plans on it", async () => {
    const { merchant, api, subscription } = await connectedSeller();
    const created = await api.pages.buttons.create(subscription());
    const before = await db.paymentButton.findUniqueOrThrow({ where: { id: created.id } });
    const intruder = await connectedSeller();
    const error = await rejectionOf(
      intruder.api.pages.buttons.update({
        id: created.id,
        values: intruder.subscription({ amount: "1.00", planInterval: "WEEK" }),
      }),
    );
    expect(error.code).toBe("NOT_FOUND");
    expect(await db.paymentButton.findUniqueOrThrow({ where: { id: created.id } })).toEqual(before);
    expect(before.merchantId).toBe(merchant.id);
  });
});

describe("a subscription's existing PayPal plan", () => {
  it("is checked with PayPal: stored with its cycle when it exists, is ACTIVE and charges the button's price", async () => {
    const { clientId, api, subscription } = await connectedSeller();
    const planId = await createPlan(clientId, { price: "15.00", intervalUnit: "WEEK", intervalCount: 2 });
    const created = await api.pages.buttons.create(
      subscription({ amount: "15", planSource: "existing", subscriptionPlanId: planId }),
    );
    expect(await db.paymentButton.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      subscriptionPlanId: planId,
      planIntervalUnit: "WEEK",
      planIntervalCount: 2,
    });
    // A cycle the form does not offer stays the seller's own plan on edit.
    expect(created.values).toMatchObject({ planSource: "existing", subscriptionPlanId: planId });
  });

  it("refuses an unknown, inactive or differently priced plan under the right field", async () => {
    const { clientId, api, subscription } = await connectedSeller();
    const existing = (subscriptionPlanId: string, amount = "15.00") =>
      api.pages.buttons.create(subscription({ amount, planSource: "existing", subscriptionPlanId }));

    const unknown = await rejectionOf(existing("P-DOES-NOT-EXIST"));
    expect(unknown.code).toBe("BAD_REQUEST");
    expect(unknown.cause?.fieldErrors).toEqual({
      subscriptionPlanId: ["PayPal has no plan with this ID for your PayPal app."],
    });

    // Another seller's plan is, to this seller's app, one that does not exist.
    const foreign = await connectedSeller();
    const foreignPlan = await createPlan(foreign.clientId, { price: "15.00" });
    expect((await rejectionOf(existing(foreignPlan))).message).toBe(
      "PayPal has no plan with this ID for your PayPal app.",
    );

    const inactive = await createPlan(clientId, { price: "15.00" });
    await paypalApi(clientId, "POST", `/v1/billing/plans/${inactive}/deactivate`);
    expect((await rejectionOf(existing(inactive))).cause?.fieldErrors).toEqual({
      subscriptionPlanId: ["This PayPal plan is not active. Activate it in PayPal first."],
    });

    const dearer = await rejectionOf(existing(await createPlan(clientId, { price: "15.00" }), "16.00"));
    expect(dearer.message).toBe("The PayPal plan charges 15.00 USD: set the same amount and currency here.");
    expect(dearer.cause?.fieldErrors).toEqual({ amount: ["The PayPal plan charges 15.00 USD"] });
  });
});

describe("pages.buttons.setActive", () => {
  it("turns a button off and on again", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const api = merchantCaller(merchant);
    await expect(api.pages.buttons.setActive({ id: button.id, isActive: false })).resolves.toEqual({
      id: button.id,
      isActive: false,
    });
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).isActive).toBe(false);
    await api.pages.buttons.setActive({ id: button.id, isActive: true });
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).isActive).toBe(true);
  });

  it("refuses another merchant's button and changes nothing", async () => {
    const { owner, otherApi } = await twoMerchants();
    const button = await createPaymentButton(db, owner.id);
    const error = await rejectionOf(otherApi.pages.buttons.setActive({ id: button.id, isActive: false }));
    expect(error.code).toBe("NOT_FOUND");
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).isActive).toBe(true);
  });
});

describe("pages.buttons.delete", () => {
  it("deletes the button and keeps its transactions, unlinked", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const transaction = await db.transaction.create({
      data: {
        merchantId: merchant.id,
        buttonId: button.id,
        paypalOrderId: unique("ORDER-"),
        amountMinor: 1000,
        currency: "USD",
        status: "completed",
      },
    });
    await expect(merchantCaller(merchant).pages.buttons.delete({ id: button.id })).resolves.toEqual({ id: button.id });
    expect(await db.paymentButton.findUnique({ where: { id: button.id } })).toBeNull();
    expect(await db.transaction.findUniqueOrThrow({ where: { id: transaction.id } })).toMatchObject({
      buttonId: null,
      merchantId: merchant.id,
      amountMinor: 1000,
    });
  });

  it("refuses another merchant's button and a bundle button, deleting nothing", async () => {
    const { owner, ownerApi, otherApi } = await twoMerchants();
    const button = await createPaymentButton(db, owner.id);
    const bundle = await createPaymentButton(db, owner.id, { buttonType: "bundle" });
    expect((await rejectionOf(otherApi.pages.buttons.delete({ id: button.id }))).code).toBe("NOT_FOUND");
    expect((await rejectionOf(ownerApi.pages.buttons.delete({ id: bundle.id }))).code).toBe("NOT_FOUND");
    expect(await db.paymentButton.count({ where: { id: { in: [button.id, bundle.id] } } })).toBe(2);
  });
});

describe("signed out", () => {
  it("every pages procedure answers 'User not authenticated'", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const api = anonymousCaller();
    const calls = [
      () => api.pages.counts(),
      () => api.pages.buttons.list(),
      () => api.pages.buttons.get({ id: button.id }),
      () => api.pages.buttons.create(validInput()),
      () => api.pages.buttons.update({ id: button.id, values: validInput({ name: "Changed" }) }),
      () => api.pages.buttons.setActive({ id: button.id, isActive: false }),
      () => api.pages.buttons.delete({ id: button.id }),
    ];
    for (const call of calls) {
      const error = await rejectionOf(call());
      expect(error.code).toBe("UNAUTHORIZED");
      expect(error.message).toBe("User not authenticated");
    }
    expect(await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).toEqual(button);
  });
});
