import type { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/platform/db";
import { reconcileCheckouts } from "~/server/checkout/reconciliation";
import { POST as quotePost } from "~/app/api/checkout/quote/route";
import { CODE_CHECKS_PER_IP, CODE_CHECKS_PER_POP } from "~/server/platform/rate-limit";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { paymentButtonDefaults, type PaymentButtonInput } from "~/schemas/payment-buttons";
import { merchantCaller } from "../../support/callers";
import { buyerApi, type CheckoutRefused } from "../../support/buyer-api";
import { approveOrder } from "../../support/paypal-sandbox";
import { rejectionOf } from "../../support/rejection";
import { createSeller } from "../../factories/seller";

// At the checkout: pay what you want, quantities, stock and discount codes, priced and counted on the
// server against the real database and the local PayPal sandbox.

const buyer = () => buyerApi();

async function failure(promise: Promise<unknown>) {
  const { code, message } = await rejectionOf<CheckoutRefused>(promise);
  return { code, message };
}

function code(merchantId: string, data: Partial<Prisma.DiscountCodeUncheckedCreateInput> = {}) {
  return db.discountCode.create({
    data: { merchantId, code: "SAVE20", kind: "percent", percentOff: 20, ...data },
  });
}

/** Creates, approves and captures one order; the buyer signs in to PayPal as `email` when given. */
async function pay(buttonId: string, choice: Record<string, unknown> = {}, email?: string) {
  const { orderId } = await buyer().createOrder({ buttonId, ...choice });
  await approveOrder(orderId, "alex", email);
  return { orderId, result: await buyer().captureOrder({ buttonId, orderId }) };
}

const paidRow = (orderId: string) => db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });

describe("pay what you want", () => {
  it("charges the buyer's amount when it is at least the minimum, and the suggested price when none is given", async () => {
    const { button } = await createSeller(db, { payWhatYouWant: true, amountMinor: 1500, minimumAmountMinor: 500 });
    const chosen = await pay(button.id, { amount: "7.25" });
    expect(await paidRow(chosen.orderId)).toMatchObject({ amountMinor: 725, status: "completed" });
    const suggested = await pay(button.id);
    expect((await paidRow(suggested.orderId)).amountMinor).toBe(1500);
  });

  it("refuses less than the minimum, and malformed amounts, before any PayPal order exists", async () => {
    const { button } = await createSeller(db, { payWhatYouWant: true, amountMinor: 1500, minimumAmountMinor: 500 });
    expect(await failure(buyer().createOrder({ buttonId: button.id, amount: "4.99" }))).toEqual({
      code: "INVALID",
      message: "The minimum price is $5.00.",
    });
    for (const amount of ["abc", "1.234", "-5", "1e3"]) {
      expect((await failure(buyer().createOrder({ buttonId: button.id, amount }))).message).toBe(
        "Enter the amount you want to pay, e.g. 12.50.",
      );
    }
    expect((await failure(buyer().createOrder({ buttonId: button.id, amount: "99999999" }))).message).toBe(
      "The most you can pay here is $1,000,000.00.",
    );
    expect(await db.checkoutSession.count({ where: { buttonId: button.id } })).toBe(0);
  });

  it("never lets a fixed-price button's buyer name the price", async () => {
    const { button } = await createSeller(db, { amountMinor: 4200 });
    const { orderId } = await pay(button.id, { amount: "0.01" });
    expect((await paidRow(orderId)).amountMinor).toBe(4200);
  });
});

describe("quantities and stock", () => {
  it("charges for every unit and records the quantity", async () => {
    const { button } = await createSeller(db, { amountMinor: 300, maxQuantity: 5 });
    const { orderId } = await pay(button.id, { quantity: "3" });
    expect(await paidRow(orderId)).toMatchObject({ amountMinor: 900, quantity: 3 });
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).soldCount).toBe(3);
    expect((await failure(buyer().createOrder({ buttonId: button.id, quantity: 6 }))).message).toBe(
      "You can buy at most 5 at a time.",
    );
    expect((await failure(buyer().createOrder({ buttonId: button.id, quantity: 0 }))).message).toContain(
      "Buy at least 1.",
    );
  });

  it("never oversells: 50 buyers approve at once for the last 10 items", async () => {
    const { button } = await createSeller(db, { amountMinor: 1000, stockLimit: 12, soldCount: 2 });
    // Every buyer starts a checkout while 10 are left, and approves it in PayPal.
    const orders = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const { orderId } = await buyer().createOrder({ buttonId: button.id });
        await approveOrder(orderId);
        return orderId;
      }),
    );
    const outcomes = await Promise.all(
      orders.map((orderId) =>
        buyer()
          .captureOrder({ buttonId: button.id, orderId })
          .then(
            () => "paid",
            (error: TRPCError) => error.message,
          ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === "paid")).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome !== "paid")).toEqual(Array(40).fill("Sold out"));
    expect(await db.transaction.count({ where: { buttonId: button.id, status: "completed" } })).toBe(10);
    const after = await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } });
    expect(after.soldCount).toBe(12);
    // The 40 refused were never captured: PayPal still holds them as approved, not paid.
    expect((await buyer().getButton({ buttonId: button.id })).soldOut).toBe(true);
    expect((await failure(buyer().createOrder({ buttonId: button.id }))).message).toBe("Sold out");
  });

  it("gives the stock back when PayPal declines the capture, and when the order dies unpaid", async () => {
    const { button, merchant } = await createSeller(db, { stockLimit: 1 });
    const declined = await buyer().createOrder({ buttonId: button.id });
    await approveOrder(declined.orderId, "declined-card");
    await failure(buyer().captureOrder({ buttonId: button.id, orderId: declined.orderId }));
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).soldCount).toBe(0);

    // A claim left by a capture that never got PayPal's answer is released once PayPal no longer has the order.
    await approveOrder(declined.orderId, "alex");
    await db.checkoutSession.update({
      where: { paypalOrderId: declined.orderId },
      data: { claimedUnits: 1, paypalOrderId: "GONE-AT-PAYPAL-1", createdAt: new Date(Date.now() - 3600_000) },
    });
    await db.paymentButton.update({ where: { id: button.id }, data: { soldCount: 1 } });
    await reconcileCheckouts({ merchantId: merchant.id });
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).soldCount).toBe(0);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { paypalOrderId: "GONE-AT-PAYPAL-1" } })).toMatchObject({
      claimedUnits: 0,
      checkResult: "NOT_FOUND",
    });
  });
});

describe("discount codes", () => {
  it("takes the code off the order PayPal is asked for, and records it on the payment", async () => {
    const { button, merchant } = await createSeller(db, { amountMinor: 2500 });
    const saved = await code(merchant.id);
    const quote = await buyer().quoteOrder({ buttonId: button.id, discountCode: " save20 " });
    expect(quote).toMatchObject({
      totalMinor: 2000,
      discountMinor: 500,
      total: "$20.00",
      discountText: "SAVE20: −$5.00",
    });

    const { orderId } = await pay(button.id, { discountCode: "save20" });
    expect(await paidRow(orderId)).toMatchObject({
      amountMinor: 2000,
      discountCodeId: saved.id,
      discountCodeText: "SAVE20",
      discountMinor: 500,
    });
    expect((await db.discountCode.findUniqueOrThrow({ where: { id: saved.id } })).usesCount).toBe(1);
  });

  it("applies a fixed amount in its own currency only, and never below the smallest payable amount", async () => {
    const { button, merchant } = await createSeller(db, { amountMinor: 800 });
    await code(merchant.id, { code: "TENOFF", kind: "fixed", percentOff: null, amountOffMinor: 1000, currency: "USD" });
    await code(merchant.id, { code: "EUROS", kind: "fixed", percentOff: null, amountOffMinor: 100, currency: "EUR" });
    expect(await buyer().quoteOrder({ buttonId: button.id, discountCode: "TENOFF" })).toMatchObject({
      totalMinor: 1,
      discountMinor: 799,
    });
    // A code in another currency does not apply here: it reads like an unknown code.
    expect((await failure(buyer().quoteOrder({ buttonId: button.id, discountCode: "EUROS" }))).message).toBe(
      "This discount code is not valid.",
    );
  });

  it("refuses codes that are unknown, another store's, off, not started, expired, used up or for other POPs", async () => {
    const { button, merchant } = await createSeller(db);
    const other = await createSeller(db);
    const hour = 3600_000;
    await code(other.merchant.id, { code: "THEIRS" });
    await code(merchant.id, { code: "OFF", isActive: false });
    await code(merchant.id, { code: "LATER", startsAt: new Date(Date.now() + hour) });
    await code(merchant.id, { code: "OVER", endsAt: new Date(Date.now() - hour) });
    await code(merchant.id, { code: "GONE", maxUses: 2, usesCount: 2 });
    await code(merchant.id, { code: "ELSEWHERE", appliesToAll: false, buttonIds: [other.button.id] });
    const mine = await createPaymentButton(db, merchant.id, { paypalClientId: button.paypalClientId });
    await code(merchant.id, { code: "OTHERPOP", appliesToAll: false, buttonIds: [mine.id] });
    await code(merchant.id, {
      code: "OTHERPOPOVER",
      appliesToAll: false,
      buttonIds: [mine.id],
      endsAt: new Date(Date.now() - hour),
    });
    await code(merchant.id, {
      code: "OTHERPOPGONE",
      appliesToAll: false,
      buttonIds: [mine.id],
      maxUses: 1,
      usesCount: 1,
    });
    // A code that exists but is not for this POP reads exactly like one that does not exist, whatever its
    // dates and uses; only a code for this POP says why it cannot be used now.
    const expected: Record<string, string> = {
      NOPE: "This discount code is not valid.",
      THEIRS: "This discount code is not valid.",
      OFF: "This discount code is not valid.",
      LATER: "This discount code is not active yet.",
      OVER: "This discount code has expired.",
      GONE: "This discount code has been used up.",
      ELSEWHERE: "This discount code is not valid.",
      OTHERPOP: "This discount code is not valid.",
      OTHERPOPOVER: "This discount code is not valid.",
      OTHERPOPGONE: "This discount code is not valid.",
    };
    for (const [discountCode, message] of Object.entries(expected)) {
      expect(await failure(buyer().createOrder({ buttonId: button.id, discountCode }))).toEqual({
        code: "INVALID",
        message,
      });
    }
    await code(merchant.id, { code: "CHOSEN", appliesToAll: false, buttonIds: [button.id] });
    await expect(buyer().quoteOrder({ buttonId: button.id, discountCode: "chosen" })).resolves.toMatchObject({
      totalMinor: 800,
    });
    for (const discountCode of Object.keys(expected)) {
      expect((await failure(buyer().quoteOrder({ buttonId: button.id, discountCode }))).message).toBe(
        expected[discountCode],
      );
    }
  });

  it("counts exactly one use per paid order, under concurrency and retries, and never more than the maximum", async () => {
    const { button, merchant } = await createSeller(db, { amountMinor: 1000 });
    const limited = await code(merchant.id, { maxUses: 5 });
    const orders = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { orderId } = await buyer().createOrder({ buttonId: button.id, discountCode: "SAVE20" });
        await approveOrder(orderId);
        return orderId;
      }),
    );
    // Each buyer's page captures twice at once (a retry racing the first try): still one use per payment.
    const outcomes = await Promise.all(
      orders.flatMap((orderId) =>
        [1, 2].map(() =>
          buyer()
            .captureOrder({ buttonId: button.id, orderId })
            .then(
              () => `paid:${orderId}`,
              (error: TRPCError) => error.message,
            ),
        ),
      ),
    );
    const paidOrders = new Set(outcomes.filter((outcome) => outcome.startsWith("paid:")));
    expect(paidOrders.size).toBe(5);
    expect(
      outcomes
        .filter((outcome) => !outcome.startsWith("paid:"))
        .every((m) => m === "This discount code has been used up."),
    ).toBe(true);
    expect((await db.discountCode.findUniqueOrThrow({ where: { id: limited.id } })).usesCount).toBe(5);
    expect(await db.transaction.count({ where: { discountCodeId: limited.id } })).toBe(5);
  });

  it("lets each buyer e-mail use a once-per-buyer code once", async () => {
    const { button, merchant } = await createSeller(db);
    const once = await code(merchant.id, { oncePerEmail: true });
    await pay(button.id, { discountCode: "SAVE20" }, "sam@buyer.example.com");
    const { orderId } = await buyer().createOrder({ buttonId: button.id, discountCode: "SAVE20" });
    await approveOrder(orderId, "alex", "SAM@buyer.example.com");
    expect((await failure(buyer().captureOrder({ buttonId: button.id, orderId }))).message).toBe(
      "You have already used this discount code.",
    );
    await pay(button.id, { discountCode: "SAVE20" }, "kim@buyer.example.com");
    expect((await db.discountCode.findUniqueOrThrow({ where: { id: once.id } })).usesCount).toBe(2);
  });

  it("is refused on subscriptions", async () => {
    const { button } = await createSeller(db, { paymentType: "subscription", subscriptionPlanId: "P-TEST" });
    expect((await failure(buyer().createOrder({ buttonId: button.id, discountCode: "SAVE20" }))).message).toBe(
      "Discount codes cannot be used on subscriptions.",
    );
  });
});

describe("the budget for discount code checks", () => {
  const LIMITED = {
    code: "RATE_LIMITED",
    message: "Too many discount code attempts. Please try again in 10 minutes.",
  };

  function quoteFrom(ip: string, body: Record<string, unknown>) {
    return quotePost(
      new Request("http://localhost:3000/api/checkout/quote", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify(body),
      }),
    );
  }

  const randomIp = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  it("answers 429 to an address after its budget of wrong codes, whatever the next code is", async () => {
    const { button, merchant } = await createSeller(db, { amountMinor: 1000 });
    await code(merchant.id, { code: "RIGHT10", percentOff: 10 });
    const ip = randomIp();
    for (let guess = 0; guess < CODE_CHECKS_PER_IP; guess++) {
      const answer = await quoteFrom(ip, { buttonId: button.id, discountCode: `GUESS${guess}` });
      expect(answer.status).toBe(400);
    }
    for (const discountCode of ["GUESS-NEXT", "RIGHT10"]) {
      const refused = await quoteFrom(ip, { buttonId: button.id, discountCode });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: LIMITED });
    }
    // Without a code the same address still gets its price; another address still gets its answer.
    expect((await quoteFrom(ip, { buttonId: button.id })).status).toBe(200);
    const elsewhere = await quoteFrom(randomIp(), { buttonId: button.id, discountCode: "RIGHT10" });
    expect(await elsewhere.json()).toMatchObject({ totalMinor: 900 });
  });

  it("never counts a code that applies: a buyer can apply the right code again and again", async () => {
    const { button, merchant } = await createSeller(db, { amountMinor: 1000 });
    await code(merchant.id, { code: "RIGHT10", percentOff: 10 });
    const ip = randomIp();
    for (let check = 0; check < CODE_CHECKS_PER_IP + 5; check++) {
      const answer = await quoteFrom(ip, { buttonId: button.id, discountCode: "right10" });
      expect(answer.status).toBe(200);
    }
  });

  it("answers 429 at a POP after its budget of wrong codes from any address, in previews and orders alike", async () => {
    const { button, merchant } = await createSeller(db, { amountMinor: 1000 });
    const { button: neighbour } = await createSeller(db);
    await code(merchant.id, { code: "RIGHT10", percentOff: 10 });
    for (let guess = 0; guess < CODE_CHECKS_PER_POP; guess++) {
      // A fresh address each time: only the POP's own budget stops this.
      const attempt = { buttonId: button.id, discountCode: `GUESS${guess}` };
      const answer = await failure(guess % 2 === 0 ? buyer().quoteOrder(attempt) : buyer().createOrder(attempt));
      expect(answer.message).toBe("This discount code is not valid.");
    }
    const limited = { code: "RATE_LIMITED", message: LIMITED.message };
    expect(await failure(buyer().createOrder({ buttonId: button.id, discountCode: "GUESS-NEXT" }))).toEqual(limited);
    expect(await failure(buyer().quoteOrder({ buttonId: button.id, discountCode: "RIGHT10" }))).toEqual(limited);
    const refused = await quoteFrom(randomIp(), { buttonId: button.id, discountCode: "RIGHT10" });
    expect(refused.status).toBe(429);
    // No PayPal order was created for any of them; another POP and buying without a code are unaffected.
    expect(await db.checkoutSession.count({ where: { buttonId: button.id } })).toBe(0);
    await expect(buyer().quoteOrder({ buttonId: button.id })).resolves.toMatchObject({ totalMinor: 1000 });
    expect((await failure(buyer().quoteOrder({ buttonId: neighbour.id, discountCode: "NOPE" }))).message).toBe(
      "This discount code is not valid.",
    );
  });
});

describe("the seller's selling options on a payment button", () => {
  const form = (overrides: Partial<PaymentButtonInput> = {}): PaymentButtonInput => ({
    ...paymentButtonDefaults,
    name: "Sticker pack",
    paypalClientId: "client-selling-options",
    ...overrides,
  });

  it("saves pay what you want, the most per order and the stock, and shows them to buyers", async () => {
    const merchant = await createMerchant(db);
    const api = merchantCaller(merchant).pages.buttons;
    const created = await api.create(
      form({ amount: "12.00", payWhatYouWant: true, minimumAmount: "3", maxQuantity: "4", stockLimit: "50" }),
    );
    expect(created.values).toMatchObject({
      payWhatYouWant: true,
      minimumAmount: "3.00",
      maxQuantity: "4",
      stockLimit: "50",
    });
    const shown = await buyer().getButton({ buttonId: created.id });
    expect(shown).toMatchObject({
      payWhatYouWant: true,
      minimumAmountMinor: 300,
      amountMinor: 1200,
      maxQuantity: 4,
      stockLeft: 50,
    });
  });

  it("refuses a minimum above the suggested price, odd quantities and stock below what is sold", async () => {
    const merchant = await createMerchant(db);
    const api = merchantCaller(merchant).pages.buttons;
    const tooHigh = await failure(api.create(form({ amount: "5", payWhatYouWant: true, minimumAmount: "6" })));
    expect(tooHigh.message).toContain("Minimum price cannot be more than the suggested price");
    expect((await failure(api.create(form({ maxQuantity: "0" })))).message).toContain(
      "Most per order must be a whole number from 1 to 100",
    );
    expect((await failure(api.create(form({ stockLimit: "2.5" })))).message).toContain(
      "Stock must be a whole number from 1 to 1,000,000, or empty for unlimited",
    );
    const created = await api.create(form({ stockLimit: "10" }));
    await db.paymentButton.update({ where: { id: created.id }, data: { soldCount: 7 } });
    expect((await failure(api.update({ id: created.id, values: form({ stockLimit: "5" }) }))).message).toBe(
      "Stock cannot be less than the 7 already sold",
    );
    // A subscription takes none of the buyer's choices, whatever the form sent.
    const subscription = await api.create(
      form({
        paymentType: "subscription",
        subscriptionPlanId: "P-EXISTING",
        planSource: "existing",
        payWhatYouWant: true,
        minimumAmount: "1",
        maxQuantity: "5",
      }),
    );
    expect(await db.paymentButton.findUniqueOrThrow({ where: { id: subscription.id } })).toMatchObject({
      payWhatYouWant: false,
      maxQuantity: 1,
      stockLimit: null,
    });
  });
});

describe("the store's plan", () => {
  it("refuses new checkouts once the month's limit is reached, and still captures an order already approved", async () => {
    const { button, merchant } = await createSeller(db);
    const plan = await db.plan.create({ data: { name: `Tiny ${merchant.id}`, monthlyTransactionLimit: 1 } });
    await db.merchant.update({ where: { id: merchant.id }, data: { planId: plan.id } });
    const approved = await buyer().createOrder({ buttonId: button.id });
    await approveOrder(approved.orderId);
    await pay(button.id);

    const refused = await failure(buyer().createOrder({ buttonId: button.id }));
    expect(refused.code).toBe("CONFLICT");
    expect(refused.message).toMatch(/limit/);
    await expect(buyer().captureOrder({ buttonId: button.id, orderId: approved.orderId })).resolves.toMatchObject({
      status: "completed",
    });
    expect(await db.transaction.count({ where: { buttonId: button.id, status: "completed" } })).toBe(2);
  });
});
