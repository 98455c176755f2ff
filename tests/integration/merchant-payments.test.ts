import type { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { createMerchant } from "../factories/merchant";
import { createPaymentButton } from "../factories/payment-button";
import { unique } from "../factories/unique";
import { anonymousCaller, merchantCaller } from "../support/callers";

async function pay(
  merchantId: string,
  buttonId: string,
  fields: { email: string; amountMinor: number; status?: "completed" | "pending" | "failed"; at?: Date },
) {
  return db.transaction.create({
    data: {
      merchantId,
      buttonId,
      paypalOrderId: unique("ORDER"),
      payerEmail: fields.email,
      payerName: "Buyer Name",
      amountMinor: fields.amountMinor,
      currency: "USD",
      status: fields.status ?? "completed",
      createdAt: fields.at,
    },
  });
}

describe("merchant payments and customers", () => {
  it("lists only the merchant's own payments, newest first, filtered by status", async () => {
    const [ada, bob] = [await createMerchant(db), await createMerchant(db)];
    const adaButton = await createPaymentButton(db, ada.id, { name: "Ada's button" });
    const bobButton = await createPaymentButton(db, bob.id);
    await pay(ada.id, adaButton.id, { email: "one@buyer.test", amountMinor: 1000, at: new Date("2026-01-01") });
    await pay(ada.id, adaButton.id, {
      email: "two@buyer.test",
      amountMinor: 500,
      status: "failed",
      at: new Date("2026-01-02"),
    });
    await pay(bob.id, bobButton.id, { email: "bob-buyer@buyer.test", amountMinor: 700 });

    const all = await merchantCaller(ada).merchant.listPayments({});
    expect(all.total).toBe(2);
    expect(all.payments.map((p) => p.payerEmail)).toEqual(["two@buyer.test", "one@buyer.test"]);
    expect(all.payments[0]?.popName).toBe("Ada's button");

    const failed = await merchantCaller(ada).merchant.listPayments({ status: "failed" });
    expect(failed.payments.map((p) => p.amountMinor)).toEqual([500]);
  });

  it("pages 20 at a time", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    for (let i = 0; i < 21; i++) await pay(merchant.id, button.id, { email: `b${i}@buyer.test`, amountMinor: 100 });
    const second = await merchantCaller(merchant).merchant.listPayments({ page: 2 });
    expect(second).toMatchObject({ total: 21, pageCount: 2 });
    expect(second.payments).toHaveLength(1);
  });

  it("groups completed payments into customers with what they spent", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    await pay(merchant.id, button.id, { email: "loyal@buyer.test", amountMinor: 1000 });
    await pay(merchant.id, button.id, { email: "loyal@buyer.test", amountMinor: 2500 });
    await pay(merchant.id, button.id, { email: "loyal@buyer.test", amountMinor: 9999, status: "failed" });
    await pay(merchant.id, button.id, { email: "once@buyer.test", amountMinor: 300 });

    const { customers } = await merchantCaller(merchant).merchant.listCustomers({});
    expect(customers.find((c) => c.email === "loyal@buyer.test")).toMatchObject({ payments: 2, spentMinor: 3500 });
    expect(customers).toHaveLength(2);

    const found = await merchantCaller(merchant).merchant.listCustomers({ search: "ONCE" });
    expect(found.customers.map((c) => c.email)).toEqual(["once@buyer.test"]);
  });

  it("refuses signed-out callers", async () => {
    const error = (await anonymousCaller()
      .merchant.listPayments({})
      .catch((e: unknown) => e)) as TRPCError;
    expect(error.code).toBe("UNAUTHORIZED");
  });
});
