import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { taxReport } from "~/server/payments/tax-report";
import { createMerchant } from "../../factories/merchant";
import { createTransaction } from "../../factories/transaction";

// The Tax report groups paid orders that went to an address by month (the store's time zone), place and currency,
// with refunds deducted in proportion; its totals are the sums of the payments it lists.

const shipped = (overrides: { amountMinor: number; createdAt: Date } & Record<string, unknown>) => ({
  currency: "USD" as const,
  shippingCountry: "US",
  fulfilment: "unfulfilled" as const,
  ...overrides,
});

describe("the Tax report", () => {
  it("sums net, shipping, tax and gross by month and state, deducting refunds, in the store's time zone", async () => {
    const merchant = await createMerchant(db);
    const march = new Date("2026-03-10T12:00:00Z");
    const rows = [
      // New York, twice (one written "New York" by PayPal), one of them half refunded.
      shipped({ shippingRegion: "NY", amountMinor: 2778, shippingMinor: 600, taxMinor: 178, createdAt: march }),
      shipped({
        shippingRegion: "New York",
        amountMinor: 5000,
        shippingMinor: 0,
        taxMinor: 400,
        refundedMinor: 2500,
        status: "partially_refunded",
        createdAt: march,
      }),
      // 06:30 UTC on 1 April is 23:30 on 31 March in Los Angeles: a March sale there.
      shipped({ shippingRegion: "CA", amountMinor: 1000, taxMinor: 0, createdAt: new Date("2026-04-01T06:30:00Z") }),
      shipped({ shippingCountry: "DE", amountMinor: 1190, taxMinor: 0, currency: "EUR", createdAt: march }),
    ];
    for (const row of rows) await createTransaction(db, merchant.id, row);
    // Not in the report: a failed payment, a digital one with no address.
    await createTransaction(db, merchant.id, shipped({ status: "failed", amountMinor: 999, createdAt: march }));
    await createTransaction(db, merchant.id, { amountMinor: 500, createdAt: march });

    const report = await taxReport(merchant.id, { timeZone: "America/Los_Angeles" });
    expect(report).toEqual([
      expect.objectContaining({
        month: "2026-03",
        country: "DE",
        region: "",
        currency: "EUR",
        payments: 1,
        grossMinor: 1190,
      }),
      expect.objectContaining({ month: "2026-03", country: "US", region: "CA", payments: 1, grossMinor: 1000 }),
      {
        month: "2026-03",
        country: "US",
        region: "NY",
        reverseCharge: false,
        currency: "USD",
        payments: 2,
        grossMinor: 7778,
        shippingMinor: 600,
        taxMinor: 578,
        netMinor: 7778 - 600 - 578,
        refundedMinor: 2500,
        refundedTaxMinor: 200,
      },
    ]);
    const listed = rows.filter((row) => row.currency === "USD").reduce((sum, row) => sum + row.amountMinor, 0);
    const usd = report.filter((row) => row.currency === "USD").reduce((sum, row) => sum + row.grossMinor, 0);
    expect(usd).toBe(listed);
  });
});
