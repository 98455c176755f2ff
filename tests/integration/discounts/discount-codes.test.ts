import type { Session } from "next-auth";
import { describe, expect, it, vi } from "vitest";
import { GET as exportPayments } from "~/app/api/exports/payments/route";
import { discountCodeDefaults, type DiscountCodeFormValues } from "~/schemas/discounts";
import { db } from "~/server/platform/db";
import { createDiscountCode } from "../../factories/discount-code";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createSellPage } from "../../factories/sell-page";
import { createTransaction } from "../../factories/transaction";
import { unique } from "../../factories/unique";
import { anonymousCaller, merchantCaller, merchantSession } from "../../support/callers";
import { rejectionOf } from "../../support/rejection";

// The CSV export reads the session through next-auth's auth(); the callers below pass theirs in directly.
const session = vi.hoisted(() => ({ current: null as Session | null }));
vi.mock("~/server/auth", () => ({ auth: () => Promise.resolve(session.current) }));

const codeText = () => unique("SAVE").toUpperCase();

function values(overrides: Partial<DiscountCodeFormValues> = {}): DiscountCodeFormValues {
  return { ...discountCodeDefaults, code: codeText(), percentOff: "20", ...overrides };
}

async function seller() {
  const merchant = await createMerchant(db);
  return { merchant, api: merchantCaller(merchant) };
}

describe("merchant.discounts.create", () => {
  it("stores the code upper-cased with its kind's columns, and gives the form's values back", async () => {
    const { merchant, api } = await seller();
    const startsAt = new Date("2026-12-01T05:00:00.000Z");
    const endsAt = new Date("2027-01-01T05:00:00.000Z");
    const code = codeText();
    const created = await api.merchant.discounts.create(
      values({
        code: ` ${code.toLowerCase()} `,
        kind: "fixed",
        percentOff: "",
        amountOff: "5.5",
        currency: "EUR",
        startsAt,
        endsAt,
        maxUses: "100",
        oncePerEmail: true,
      }),
    );

    const row = await db.discountCode.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({
      merchantId: merchant.id,
      code,
      kind: "fixed",
      percentOff: null,
      amountOffMinor: 550,
      currency: "EUR",
      startsAt,
      endsAt,
      maxUses: 100,
      usesCount: 0,
      oncePerEmail: true,
      appliesToAll: true,
      buttonIds: [],
      sellPageIds: [],
      isActive: true,
    });
    expect(created).toMatchObject({ isActive: true, usesCount: 0 });
    expect(created.values).toEqual({
      ...discountCodeDefaults,
      code,
      kind: "fixed",
      percentOff: "",
      amountOff: "5.50",
      currency: "EUR",
      startsAt,
      endsAt,
      maxUses: "100",
      oncePerEmail: true,
    });
  });

  it.each([
    [{ code: "ab" }, "Code must be at least 3 characters"],
    [{ code: "SAVE 20" }, "Code can only contain letters, numbers, hyphens (-) and underscores (_)"],
    [{ percentOff: "150" }, "Percent off must be a whole number from 1 to 100"],
    [{ kind: "fixed" as const, amountOff: "0" }, "Amount off must be a positive number"],
    [{ kind: "fixed" as const, amountOff: "2.5", currency: "JPY" as const }, "JPY amounts must be whole numbers"],
    [{ maxUses: "0" }, "Maximum uses must be a whole number from 1 to 1,000,000"],
    [
      { startsAt: new Date("2026-12-02T00:00:00Z"), endsAt: new Date("2026-12-01T00:00:00Z") },
      "The end must be after the start",
    ],
    [{ appliesToAll: false }, "Choose at least one payment button or sell page"],
  ])("rejects %o with its message and stores nothing", async (overrides, message) => {
    const { merchant, api } = await seller();
    const error = await rejectionOf(api.merchant.discounts.create(values(overrides)));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain(message);
    expect(await db.discountCode.count({ where: { merchantId: merchant.id } })).toBe(0);
  });

  it("refuses a code the store already has, in any case, but another store may use the same text", async () => {
    const { merchant, api } = await seller();
    const code = codeText();
    await api.merchant.discounts.create(values({ code }));
    const error = await rejectionOf(api.merchant.discounts.create(values({ code: code.toLowerCase() })));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(`You already have a code named ${code}.`);
    expect(error.cause?.fieldErrors).toEqual({ code: [`You already have a code named ${code}.`] });
    expect(await db.discountCode.count({ where: { merchantId: merchant.id } })).toBe(1);

    const other = await seller();
    await expect(other.api.merchant.discounts.create(values({ code }))).resolves.toMatchObject({ values: { code } });
  });

  it("needs a signed-in merchant", async () => {
    const error = await rejectionOf(anonymousCaller().merchant.discounts.create(values()));
    expect(error.code).toBe("UNAUTHORIZED");
    expect((await rejectionOf(anonymousCaller().merchant.discounts.list())).code).toBe("UNAUTHORIZED");
  });
});

describe("the POPs a code applies to", () => {
  it("takes the store's one-time payment buttons and sell pages, and lists them as the picker's choices", async () => {
    const { merchant, api } = await seller();
    const button = await createPaymentButton(db, merchant.id, { name: "Pattern Pack" });
    const page = await createSellPage(db, merchant.id, { name: "Knitting Guide" });
    await createPaymentButton(db, merchant.id, {
      name: "Club",
      paymentType: "subscription",
      subscriptionPlanId: "P-1",
    });

    const pops = await api.merchant.discounts.listPops();
    // Bundle buttons belong to their page and subscriptions cannot take a code: neither is offered.
    expect(pops.buttons.map((pop) => pop.name)).toEqual(["Pattern Pack"]);
    expect(pops.sellPages.map((pop) => pop.name)).toEqual(["Knitting Guide"]);

    const created = await api.merchant.discounts.create(
      values({ appliesToAll: false, buttonIds: [button.id], sellPageIds: [page.id] }),
    );
    expect(created.values).toMatchObject({ appliesToAll: false, buttonIds: [button.id], sellPageIds: [page.id] });
    const [listed] = await api.merchant.discounts.list();
    expect(listed?.pops).toEqual([
      { kind: "payment_button", id: button.id, name: "Pattern Pack" },
      { kind: "sell_page", id: page.id, name: "Knitting Guide" },
    ]);
  });

  it("refuses another store's POPs, bundle buttons, subscriptions and, for a fixed code, other currencies", async () => {
    const { merchant, api } = await seller();
    const other = await createMerchant(db);
    const othersButton = await createPaymentButton(db, other.id);
    const othersPage = await createSellPage(db, other.id);
    const ownPage = await createSellPage(db, merchant.id, { currency: "USD" });
    const subscription = await createPaymentButton(db, merchant.id, {
      name: "Monthly Club",
      paymentType: "subscription",
      subscriptionPlanId: "P-2",
    });
    const euroButton = await createPaymentButton(db, merchant.id, { name: "Euro Pack", currency: "EUR" });

    const refused = async (overrides: Partial<DiscountCodeFormValues>, message: string) => {
      const error = await rejectionOf(api.merchant.discounts.create(values({ appliesToAll: false, ...overrides })));
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toBe(message);
      expect(error.cause?.fieldErrors).toEqual({ appliesToAll: [message] });
    };
    const gone = "Some of the chosen POPs no longer exist. Reload the page and choose again.";
    await refused({ buttonIds: [othersButton.id] }, gone);
    await refused({ sellPageIds: [othersPage.id] }, gone);
    await refused({ buttonIds: [ownPage.basicButton.id] }, gone);
    await refused({ buttonIds: ["no-such-button"] }, gone);
    await refused(
      { buttonIds: [subscription.id] },
      "'Monthly Club' is a subscription: discount codes apply to one-time payment buttons and digital sell pages only.",
    );
    await refused(
      { kind: "fixed", amountOff: "5", currency: "USD", buttonIds: [euroButton.id], sellPageIds: [ownPage.id] },
      "'Euro Pack' is priced in EUR: a USD amount off applies only to POPs priced in USD.",
    );
    expect(await db.discountCode.count({ where: { merchantId: merchant.id } })).toBe(0);

    // A percent code fits any currency.
    await expect(
      api.merchant.discounts.create(
        values({ appliesToAll: false, buttonIds: [euroButton.id], sellPageIds: [ownPage.id] }),
      ),
    ).resolves.toMatchObject({ values: { buttonIds: [euroButton.id], sellPageIds: [ownPage.id] } });
  });

  it("leaves out POPs deleted since, so the code can still be edited and saved", async () => {
    const { merchant, api } = await seller();
    const kept = await createPaymentButton(db, merchant.id, { name: "Kept" });
    const deleted = await createPaymentButton(db, merchant.id, { name: "Deleted" });
    const created = await api.merchant.discounts.create(
      values({ appliesToAll: false, buttonIds: [kept.id, deleted.id] }),
    );
    await api.pages.buttons.delete({ id: deleted.id });

    const loaded = await api.merchant.discounts.get({ id: created.id });
    expect(loaded.values.buttonIds).toEqual([kept.id]);
    expect((await api.merchant.discounts.list())[0]?.pops.map((pop) => pop.name)).toEqual(["Kept"]);
    await expect(api.merchant.discounts.update({ id: created.id, values: loaded.values })).resolves.toMatchObject({
      values: { buttonIds: [kept.id] },
    });
  });
});

describe("merchant.discounts.update", () => {
  it("changes every field of an unused code, and gives the new values back", async () => {
    const { api } = await seller();
    const created = await api.merchant.discounts.create(values({ maxUses: "5" }));
    const code = codeText();
    const updated = await api.merchant.discounts.update({
      id: created.id,
      values: values({ code, kind: "fixed", percentOff: "", amountOff: "3", currency: "GBP", maxUses: "" }),
    });
    expect(updated.values).toMatchObject({ code, kind: "fixed", amountOff: "3.00", currency: "GBP", maxUses: "" });
    const row = await db.discountCode.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ code, percentOff: null, amountOffMinor: 300, currency: "GBP", maxUses: null });
  });

  it("refuses a maximum below the uses so far, and a new text for a code that has been used", async () => {
    const { merchant, api } = await seller();
    const code = await createDiscountCode(db, merchant.id, { usesCount: 3, maxUses: 10 });
    const form = (await api.merchant.discounts.get({ id: code.id })).values;

    const tooLow = await rejectionOf(api.merchant.discounts.update({ id: code.id, values: { ...form, maxUses: "2" } }));
    expect(tooLow.code).toBe("BAD_REQUEST");
    expect(tooLow.message).toBe("This code has been used 3 times: maximum uses cannot be lower than 3.");
    expect(tooLow.cause?.fieldErrors).toHaveProperty("maxUses");

    const renamed = await rejectionOf(
      api.merchant.discounts.update({ id: code.id, values: { ...form, code: codeText() } }),
    );
    expect(renamed.code).toBe("BAD_REQUEST");
    expect(renamed.message).toBe(`${code.code} has been used, so its text cannot change. Create a new code instead.`);
    expect(await db.discountCode.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({
      code: code.code,
      maxUses: 10,
    });

    // Everything else changes, for orders from now on; the uses stay as checkout counted them.
    const endsAt = new Date("2030-01-01T00:00:00Z");
    const updated = await api.merchant.discounts.update({
      id: code.id,
      values: { ...form, percentOff: "25", maxUses: "3", endsAt, oncePerEmail: true },
    });
    expect(updated).toMatchObject({ usesCount: 3, values: { percentOff: "25", maxUses: "3", endsAt } });
    await api.merchant.discounts.update({ id: code.id, values: { ...form, maxUses: "" } });
    expect((await db.discountCode.findUniqueOrThrow({ where: { id: code.id } })).usesCount).toBe(3);
  });

  it("refuses renaming to a code the store already has", async () => {
    const { api } = await seller();
    const first = await api.merchant.discounts.create(values());
    const second = await api.merchant.discounts.create(values());
    const error = await rejectionOf(
      api.merchant.discounts.update({
        id: second.id,
        values: { ...second.values, code: first.values.code.toLowerCase() },
      }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(`You already have a code named ${first.values.code}.`);
  });
});

describe("another store's code", () => {
  it("cannot be read, listed, edited, switched or deleted", async () => {
    const owner = await seller();
    const intruder = await seller();
    const code = await owner.api.merchant.discounts.create(values());
    const id = code.id;

    expect(await intruder.api.merchant.discounts.list()).toEqual([]);
    for (const call of [
      () => intruder.api.merchant.discounts.get({ id }),
      () => intruder.api.merchant.discounts.update({ id, values: values() }),
      () => intruder.api.merchant.discounts.setActive({ id, isActive: false }),
      () => intruder.api.merchant.discounts.delete({ id }),
    ]) {
      const error = await rejectionOf(call());
      expect(error.code).toBe("NOT_FOUND");
      expect(error.message).toBe("Discount code not found");
    }
    expect(await db.discountCode.findUniqueOrThrow({ where: { id } })).toMatchObject({
      code: code.values.code,
      percentOff: 20,
      isActive: true,
    });
  });
});

describe("merchant.discounts.setActive and discounts.delete", () => {
  it("switches a code off and on", async () => {
    const { api } = await seller();
    const { id } = await api.merchant.discounts.create(values());
    await expect(api.merchant.discounts.setActive({ id, isActive: false })).resolves.toEqual({ id, isActive: false });
    expect((await api.merchant.discounts.list())[0]?.isActive).toBe(false);
    await api.merchant.discounts.setActive({ id, isActive: true });
    expect((await db.discountCode.findUniqueOrThrow({ where: { id } })).isActive).toBe(true);
  });

  it("deletes the code and keeps the payments that used it, with the code's text", async () => {
    const { merchant, api } = await seller();
    const code = await createDiscountCode(db, merchant.id, { usesCount: 1 });
    const payment = await createTransaction(db, merchant.id, {
      discountCodeId: code.id,
      discountCodeText: code.code,
      discountMinor: 200,
      amountMinor: 1800,
    });
    await expect(api.merchant.discounts.delete({ id: code.id })).resolves.toEqual({ id: code.id });
    expect(await db.discountCode.count({ where: { id: code.id } })).toBe(0);
    expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      discountCodeId: null,
      discountCodeText: code.code,
      discountMinor: 200,
      amountMinor: 1800,
    });
    expect((await rejectionOf(api.merchant.discounts.delete({ id: code.id }))).code).toBe("NOT_FOUND");
  });
});

describe("merchant.discounts.list", () => {
  it("lists the store's codes newest first with their orders, revenue and discount given, per currency", async () => {
    const { merchant, api } = await seller();
    const button = await createPaymentButton(db, merchant.id);
    const older = await createDiscountCode(db, merchant.id, {
      usesCount: 5,
      maxUses: 10,
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    const newer = await createDiscountCode(db, merchant.id, {
      kind: "fixed",
      percentOff: null,
      amountOffMinor: 500,
      currency: "USD",
      createdAt: new Date("2026-02-01T00:00:00Z"),
    });
    const used = (overrides: Parameters<typeof createTransaction>[2]) =>
      createTransaction(db, merchant.id, {
        buttonId: button.id,
        discountCodeId: older.id,
        discountCodeText: older.code,
        ...overrides,
      });
    await used({ amountMinor: 1800, discountMinor: 200 });
    await used({ amountMinor: 900, discountMinor: 100, refundedMinor: 400, status: "partially_refunded" });
    await used({ amountMinor: 900, discountMinor: 100, refundedMinor: 900, status: "refunded" });
    await used({ amountMinor: 4500, discountMinor: 500, currency: "EUR" });
    // Not money: a pending and a failed capture count nowhere.
    await used({ amountMinor: 1800, discountMinor: 200, status: "pending" });
    await used({ amountMinor: 1800, discountMinor: 200, status: "failed" });
    // Payments without a code, or with the other code, count only where they belong.
    await createTransaction(db, merchant.id, { buttonId: button.id, amountMinor: 2000 });
    await createTransaction(db, merchant.id, {
      buttonId: button.id,
      amountMinor: 1500,
      discountMinor: 500,
      discountCodeId: newer.id,
      discountCodeText: newer.code,
    });

    const list = await api.merchant.discounts.list();
    expect(list.map((code) => code.id)).toEqual([newer.id, older.id]);
    expect(list[1]).toMatchObject({
      code: older.code,
      kind: "percent",
      percentOff: 10,
      usesCount: 5,
      maxUses: 10,
      appliesToAll: true,
      pops: [],
      orders: 4,
      sales: [
        { currency: "EUR", orders: 1, revenueMinor: 4500, discountMinor: 500 },
        { currency: "USD", orders: 3, revenueMinor: 1800 + 500 + 0, discountMinor: 400 },
      ],
    });
    expect(list[0]).toMatchObject({
      kind: "fixed",
      amountOffMinor: 500,
      currency: "USD",
      orders: 1,
      sales: [{ currency: "USD", orders: 1, revenueMinor: 1500, discountMinor: 500 }],
    });
    // Nothing that the list does not show leaves the server.
    expect(list[0]).not.toHaveProperty("merchantId");
    expect(list[0]).not.toHaveProperty("buttonIds");
  });

  it("is empty for a store without codes", async () => {
    const { api } = await seller();
    expect(await api.merchant.discounts.list()).toEqual([]);
  });
});

describe("payments show the code", () => {
  it("lists and details the code, the discount and the quantity of a payment", async () => {
    const { merchant, api } = await seller();
    const button = await createPaymentButton(db, merchant.id);
    const code = await createDiscountCode(db, merchant.id);
    const payment = await createTransaction(db, merchant.id, {
      buttonId: button.id,
      amountMinor: 5400,
      quantity: 3,
      discountCodeId: code.id,
      discountCodeText: code.code,
      discountMinor: 600,
    });
    const plain = await createTransaction(db, merchant.id, { buttonId: button.id });

    const listed = await api.merchant.payments.list({});
    expect(listed.payments.find((row) => row.id === payment.id)).toMatchObject({
      quantity: 3,
      discountCodeText: code.code,
      discountMinor: 600,
    });
    expect(listed.payments.find((row) => row.id === plain.id)).toMatchObject({
      quantity: 1,
      discountCodeText: null,
      discountMinor: 0,
    });
    await expect(api.merchant.payments.get({ id: payment.id })).resolves.toMatchObject({
      quantity: 3,
      discountCodeText: code.code,
      discountMinor: 600,
      discountCodeId: code.id,
    });
  });
});

describe("GET /api/exports/payments", () => {
  it("appends the code and the discount after the existing columns", async () => {
    const { merchant } = await seller();
    const button = await createPaymentButton(db, merchant.id);
    const code = await createDiscountCode(db, merchant.id);
    await createTransaction(db, merchant.id, {
      buttonId: button.id,
      amountMinor: 1800,
      discountCodeId: code.id,
      discountCodeText: code.code,
      discountMinor: 200,
      createdAt: new Date("2026-10-02T00:00:00Z"),
    });
    await createTransaction(db, merchant.id, { buttonId: button.id, createdAt: new Date("2026-10-01T00:00:00Z") });

    session.current = merchantSession(merchant);
    const response = await exportPayments(new Request("http://localhost:3000/api/exports/payments"));
    session.current = null;
    const [header, discounted, plain] = (await response.text()).trim().split("\r\n");
    expect(header).toMatch(
      /"Source","Popkit payment ID","Discount code","Discount","Selling tool","Ship to","Shipping","Tax","VAT country","Buyer VAT number"$/,
    );
    expect(discounted).toMatch(new RegExp(`,"18\\.00",.*,"${code.code}","2\\.00",,,,,,$`));
    expect(plain).toMatch(/"Smart button","[^"]+",,,,,,,,$/);
  });
});
