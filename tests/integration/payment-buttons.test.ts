import type { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { paymentButtonDefaults, type PaymentButtonInput } from "~/schemas/payment-button";
import { db } from "~/server/db";
import { createMerchant } from "../factories/merchant";
import { createPaymentButton } from "../factories/payment-button";
import { connectPayPal } from "../factories/store-settings";
import { unique } from "../factories/unique";
import { anonymousCaller, merchantCaller } from "../support/callers";

function validInput(overrides: Partial<PaymentButtonInput> = {}): PaymentButtonInput {
  return {
    ...paymentButtonDefaults,
    name: `Pro plan ${unique("")}`,
    description: "Monthly access",
    paypalClientId: "client-abc",
    ...overrides,
  };
}

async function errorOf(promise: Promise<unknown>) {
  return (await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error,
  )) as TRPCError;
}

async function twoMerchants() {
  const owner = await createMerchant(db);
  const other = await createMerchant(db);
  return { owner, other, ownerApi: merchantCaller(owner), otherApi: merchantCaller(other) };
}

describe("pages.createButton", () => {
  it("stores minor units and returns the form's decimal text back", async () => {
    const merchant = await createMerchant(db);
    const api = merchantCaller(merchant);
    const input = validInput({
      amount: "19.9",
      currency: "EUR",
      successUrl: "https://shop.example/thanks",
      style: { color: "blue", shape: "pill", size: "large", label: "buynow" },
    });
    const created = await api.pages.createButton(input);

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
    const yen = await api.pages.createButton(validInput({ amount: "1500", currency: "JPY" }));
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: yen.id } })).amountMinor).toBe(1500);
    expect(yen.values.amount).toBe("1500");

    const sub = await api.pages.createButton(validInput({ paymentType: "subscription", subscriptionPlanId: "P-1" }));
    expect(sub.values).toMatchObject({ paymentType: "subscription", subscriptionPlanId: "P-1" });

    const oneTime = await api.pages.createButton(validInput({ subscriptionPlanId: "P-ignored" }));
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: oneTime.id } })).subscriptionPlanId).toBeNull();
  });

  it.each([
    [{ name: "  " }, "Button name is required"],
    [{ paypalClientId: "" }, "PayPal client ID is required"],
    [{ amount: "0" }, "Amount must be a positive number"],
    [{ amount: "-1" }, "Amount must be a positive number"],
    [{ amount: "ten" }, "Amount must be a positive number"],
    [{ amount: "12.50", currency: "JPY" as const }, "JPY amounts must be whole numbers"],
    [{ paymentType: "subscription" as const }, "Subscription Plan ID is required for subscription payments"],
    [{ webhookUrl: "ftp://nope" }, "Please enter a valid URL"],
  ])("rejects %o with its message and stores nothing", async (overrides, message) => {
    const merchant = await createMerchant(db);
    const error = await errorOf(merchantCaller(merchant).pages.createButton(validInput(overrides)));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain(message);
    expect(await db.paymentButton.count({ where: { merchantId: merchant.id } })).toBe(0);
  });
});

describe("pages.listButtons and pages.counts", () => {
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

    const list = await ownerApi.pages.listButtons();
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
    await expect(api.pages.listButtons()).resolves.toEqual([]);
    await expect(api.pages.counts()).resolves.toEqual({ paymentButtons: 0, digitalSellPages: 0, wpsButtons: 0 });
  });
});

describe("setupIssue: a button that cannot take payments says why", () => {
  const issueOf = async (merchant: { id: string; email: string; name: string }, id: string) =>
    (await merchantCaller(merchant).pages.listButtons()).find((button) => button.id === id)?.setupIssue;

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
    await expect(anonymousCaller().checkout.getButton({ buttonId: button.id })).resolves.toMatchObject({
      canTakePayments: false,
    });

    await connectPayPal(db, merchant.id, clientId);
    expect(await issueOf(merchant, button.id)).toBeNull();
    await expect(merchantCaller(merchant).pages.getButton({ id: button.id })).resolves.toMatchObject({
      setupIssue: null,
    });
    await expect(anonymousCaller().checkout.getButton({ buttonId: button.id })).resolves.toMatchObject({
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
    const merchant = await createMerchant(db);
    const api = merchantCaller(merchant);
    const created = await api.pages.createButton(validInput());
    expect(created.setupIssue).toMatchObject({ code: "paypal_not_connected" });
    await connectPayPal(db, merchant.id, "client-abc");
    const updated = await api.pages.updateButton({ id: created.id, values: validInput() });
    expect(updated.setupIssue).toBeNull();
  });
});

describe("pages.getButton", () => {
  it("returns the button's form values with its id and dates", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id, { amountMinor: 1234, currency: "GBP" });
    const found = await merchantCaller(merchant).pages.getButton({ id: button.id });
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
      const error = await errorOf(api.pages.getButton({ id }));
      expect(error.code).toBe("NOT_FOUND");
      expect(error.message).toBe("Payment button not found");
    }
    expect((await errorOf(ownerApi.pages.getButton({ id: "" }))).message).toContain("Button ID is required");
  });
});

describe("pages.updateButton", () => {
  it("saves every field and moves updatedAt", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id, { createdAt: new Date(Date.now() - 60_000) });
    const values = validInput({
      amount: "42",
      currency: "CAD",
      paymentType: "subscription",
      subscriptionPlanId: "P-42",
      cancelUrl: "https://shop.example/cancel",
      style: { color: "black", shape: "pill", size: "small", label: "subscribe" },
    });
    const updated = await merchantCaller(merchant).pages.updateButton({ id: button.id, values });
    expect(updated.values).toEqual({ ...values, amount: "42.00" });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(button.updatedAt.getTime());
    const row = await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } });
    expect(row).toMatchObject({ amountMinor: 4200, currency: "CAD", paymentType: "subscription" });
  });

  it("refuses another merchant's button and changes nothing", async () => {
    const { owner, otherApi } = await twoMerchants();
    const button = await createPaymentButton(db, owner.id);
    const error = await errorOf(otherApi.pages.updateButton({ id: button.id, values: validInput({ name: "Hijack" }) }));
    expect(error.code).toBe("NOT_FOUND");
    expect(error.message).toBe("Payment button not found");
    expect(await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).toEqual(button);
  });

  it("rejects bad values with their messages and changes nothing", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const api = merchantCaller(merchant);
    const yen = await errorOf(
      api.pages.updateButton({ id: button.id, values: validInput({ amount: "9.99", currency: "JPY" }) }),
    );
    expect(yen.code).toBe("BAD_REQUEST");
    expect(yen.message).toContain("JPY amounts must be whole numbers");
    const sub = await errorOf(
      api.pages.updateButton({ id: button.id, values: validInput({ paymentType: "subscription" }) }),
    );
    expect(sub.message).toContain("Subscription Plan ID is required for subscription payments");
    expect(await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).toEqual(button);
  });
});

describe("pages.setButtonActive", () => {
  it("turns a button off and on again", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const api = merchantCaller(merchant);
    await expect(api.pages.setButtonActive({ id: button.id, isActive: false })).resolves.toEqual({
      id: button.id,
      isActive: false,
    });
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).isActive).toBe(false);
    await api.pages.setButtonActive({ id: button.id, isActive: true });
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).isActive).toBe(true);
  });

  it("refuses another merchant's button and changes nothing", async () => {
    const { owner, otherApi } = await twoMerchants();
    const button = await createPaymentButton(db, owner.id);
    const error = await errorOf(otherApi.pages.setButtonActive({ id: button.id, isActive: false }));
    expect(error.code).toBe("NOT_FOUND");
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).isActive).toBe(true);
  });
});

describe("pages.deleteButton", () => {
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
    await expect(merchantCaller(merchant).pages.deleteButton({ id: button.id })).resolves.toEqual({ id: button.id });
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
    expect((await errorOf(otherApi.pages.deleteButton({ id: button.id }))).code).toBe("NOT_FOUND");
    expect((await errorOf(ownerApi.pages.deleteButton({ id: bundle.id }))).code).toBe("NOT_FOUND");
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
      () => api.pages.listButtons(),
      () => api.pages.getButton({ id: button.id }),
      () => api.pages.createButton(validInput()),
      () => api.pages.updateButton({ id: button.id, values: validInput({ name: "Changed" }) }),
      () => api.pages.setButtonActive({ id: button.id, isActive: false }),
      () => api.pages.deleteButton({ id: button.id }),
    ];
    for (const call of calls) {
      const error = await errorOf(call());
      expect(error.code).toBe("UNAUTHORIZED");
      expect(error.message).toBe("User not authenticated");
    }
    expect(await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).toEqual(button);
  });
});
