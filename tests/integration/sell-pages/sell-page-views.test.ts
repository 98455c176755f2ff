import { describe, expect, it } from "vitest";
import { POST as viewRoute } from "~/app/api/sell-pages/[id]/view/route";
import { db } from "~/server/platform/db";
import { recordSellPageView } from "~/server/sell-pages/public-page";
import { createMerchant } from "../../factories/merchant";
import { createSellPage } from "../../factories/sell-page";
import { unique } from "../../factories/unique";
import { merchantCaller } from "../../support/callers";

const DAY = 24 * 60 * 60 * 1000;

function beacon(pageId: string, ip: string, userAgent = "Mozilla/5.0 test") {
  return viewRoute(
    new Request(`http://localhost/api/sell-pages/${pageId}/view`, {
      method: "POST",
      headers: { "x-forwarded-for": ip, "user-agent": userAgent },
    }),
    { params: Promise.resolve({ id: pageId }) },
  );
}

async function sale(merchantId: string, buttonId: string, sellPageId: string, status: "completed" | "failed") {
  await db.transaction.create({
    data: {
      merchantId,
      buttonId,
      sellPageId,
      bundleTier: "basic",
      paypalOrderId: unique("ORDER-"),
      amountMinor: 2999,
      currency: "USD",
      status,
    },
  });
}

describe("sell page views and conversion", () => {
  it("counts one view per visitor and day, and none for unknown or inactive pages", async () => {
    const merchant = await createMerchant(db);
    const page = await createSellPage(db, merchant.id);
    const inactive = await createSellPage(db, merchant.id, { isActive: false });

    expect((await beacon(page.id, "203.0.113.1")).status).toBe(204);
    expect((await beacon(page.id, "203.0.113.1")).status).toBe(204); // a reload
    expect((await beacon(page.id, "203.0.113.2")).status).toBe(204);
    expect((await beacon(page.id, "203.0.113.1", "Another browser")).status).toBe(204);
    expect((await beacon(inactive.id, "203.0.113.1")).status).toBe(404);
    expect((await beacon("no-such-page", "203.0.113.1")).status).toBe(404);

    expect(await db.sellPageView.count({ where: { sellPageId: page.id } })).toBe(3);
    expect(await db.sellPageView.count({ where: { sellPageId: inactive.id } })).toBe(0);
    // The same visitor on another day is another view; no address is stored.
    await recordSellPageView(page.id, { ip: "203.0.113.1", userAgent: "Mozilla/5.0 test" }, new Date(Date.now() + DAY));
    const views = await db.sellPageView.findMany({ where: { sellPageId: page.id } });
    expect(views).toHaveLength(4);
    expect(JSON.stringify(views)).not.toContain("203.0.113");
  });

  it("shows conversion as completed sales per page view, in the list and the analytics", async () => {
    const merchant = await createMerchant(db);
    const page = await createSellPage(db, merchant.id);
    const basic = page.basicButton;
    const caller = merchantCaller(merchant);

    expect((await caller.pages.sellPages.list()).find((row) => row.id === page.id)).toMatchObject({
      views: 0,
      conversionRate: null,
    });

    for (let visitor = 1; visitor <= 8; visitor += 1) await beacon(page.id, `198.51.100.${visitor}`);
    await sale(merchant.id, basic.id, page.id, "completed");
    await sale(merchant.id, basic.id, page.id, "failed");

    expect((await caller.pages.sellPages.list()).find((row) => row.id === page.id)).toMatchObject({
      sales: 1,
      views: 8,
      conversionRate: 12.5,
    });
    expect(await caller.pages.sellPages.analytics({ id: page.id, period: "30d" })).toMatchObject({
      views: 8,
      conversionRate: 12.5,
    });
  });

  it("drops a page's views with the page", async () => {
    const merchant = await createMerchant(db);
    const page = await createSellPage(db, merchant.id);
    await beacon(page.id, "192.0.2.1");
    await merchantCaller(merchant).pages.sellPages.delete({ id: page.id });
    expect(await db.sellPageView.count({ where: { sellPageId: page.id } })).toBe(0);
  });
});
