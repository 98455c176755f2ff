import { expect } from "@playwright/test";
import { createSellPage } from "../factories/sell-page";
import { unique } from "../factories/unique";
import { signInMerchant } from "./helpers";
import {
  buttonFor,
  closeE2eDb,
  connectedMerchant,
  e2eDb,
  payInPayPalWindow,
  test,
  expectAccessible,
} from "./buyer-helpers";

test.afterAll(closeE2eDb);

// The store page with a cart: the seller picks its address and products in Store Settings; a buyer fills a cart of
// three items on /s/{handle}, uses a code, pays once in PayPal's window and gets one receipt listing three lines.

const inbox = (to: string) => `${process.env.E2E_MAIL_INBOX_URL}/?to=${encodeURIComponent(to)}`;

test("a seller opens a store page and a buyer pays a cart of three items with a code in one PayPal order", async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const merchant = await connectedMerchant(browser);
  const db = e2eDb();
  await buttonFor(merchant, { name: "Pocket Sketchbook", amountMinor: 1200, maxQuantity: 5 });
  await buttonFor(merchant, { name: "Sticker Sheet", amountMinor: 300, maxQuantity: 10 });
  await buttonFor(merchant, { name: "Monthly Club", paymentType: "subscription", subscriptionPlanId: "P-CLUB" });
  await createSellPage(db, merchant.merchantId, {
    name: "Ink Course",
    description: "Twelve lessons in ink, from first lines to finished pages.",
    paypalClientId: merchant.clientId,
  });
  await db.discountCode.create({
    data: { merchantId: merchant.merchantId, code: "CART10", kind: "percent", percentOff: 10 },
  });
  const handle = unique("ink-").toLowerCase().slice(0, 30);

  // The seller: the address, the switch, three products in their order.
  await signInMerchant(page, merchant.account);
  await page.goto("/dashboard/settings");
  const card = page.getByRole("form", { name: "Store page" });
  await card.getByLabel("Store address").fill("admin");
  await card.getByLabel("Store page is open to buyers").check();
  await card.getByRole("button", { name: "Save store page" }).click();
  await expect(card.getByText("This store address is reserved. Choose another.")).toBeVisible();
  await card.getByLabel("Store address").fill(handle);
  // A subscription cannot go in a cart: it is not offered.
  await expect(card.getByRole("button", { name: "Add Monthly Club to the page" })).toHaveCount(0);
  await card.getByRole("button", { name: "Add Sticker Sheet to the page" }).click();
  await card.getByRole("button", { name: "Add Pocket Sketchbook to the page" }).click();
  await card.getByRole("button", { name: "Add Ink Course to the page" }).click();
  // By keyboard, as any control of the card.
  await card.getByRole("button", { name: "Move Pocket Sketchbook up" }).focus();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("list", { name: "Listed products" }).getByRole("listitem")).toHaveText([
    /Pocket Sketchbook/,
    /Sticker Sheet/,
    /Ink Course/,
  ]);
  await card.getByRole("button", { name: "Save store page" }).click();
  await expect(card.getByText(`Store page saved. It is open at`)).toBeVisible();
  await expect(card.getByRole("link", { name: "Open your store page" })).toHaveAttribute(
    "href",
    new RegExp(`/s/${handle}$`),
  );

  // The buyer, in a browser of their own.
  const context = await browser.newContext();
  const buyer = await context.newPage();
  await buyer.goto(`/s/${handle}`);
  await expect(buyer.getByRole("heading", { name: "Ink Course" })).toBeVisible();
  await expect(buyer.getByRole("heading", { level: 2 })).toHaveText([
    "Pocket Sketchbook",
    "Sticker Sheet",
    "Ink Course",
    "Your cart",
  ]);
  await buyer.getByRole("button", { name: "Add Pocket Sketchbook to cart" }).click();
  await buyer.getByRole("button", { name: "Add Sticker Sheet to cart" }).click();
  await buyer.getByRole("button", { name: "Add Ink Course - Basic Bundle to cart" }).focus();
  await buyer.keyboard.press("Enter");
  await buyer.getByLabel("Quantity of Sticker Sheet").fill("3");
  const cart = buyer.getByRole("complementary", { name: /Your cart/ });
  await expect(cart.getByRole("heading", { name: "Your cart (5)" })).toBeVisible();
  await expect(cart.getByText("$50.99")).toBeVisible();
  await cart.getByLabel("Discount code").fill("cart10");
  await cart.getByRole("button", { name: "Apply" }).click();
  await expect(cart.getByText("CART10: −$5.10")).toBeVisible();
  await expect(cart.getByText("$45.89")).toBeVisible();
  await expectAccessible(buyer);

  // One PayPal order with the three items.
  const buyerEmail = `${handle}@buyer.example.com`;
  await cart.getByRole("button", { name: "PayPal" }).click();
  const paypal = buyer.getByRole("dialog", { name: /with PayPal/ });
  await expect(paypal.getByText("$45.89 USD")).toBeVisible();
  await expect(paypal.getByText("Pocket Sketchbook × 1, $12.00 each")).toBeVisible();
  await expect(paypal.getByText("Sticker Sheet × 3, $3.00 each")).toBeVisible();
  await expect(paypal.getByText("Ink Course - Basic Bundle × 1, $29.99 each")).toBeVisible();
  await paypal.getByLabel("PayPal account e-mail").fill(buyerEmail);
  await payInPayPalWindow(buyer, "Approve");
  await expect(cart.getByRole("status").filter({ hasText: "Payment successful!" })).toBeVisible();
  await expect(cart.getByRole("list", { name: "What you bought" }).getByRole("listitem")).toHaveText([
    /Pocket Sketchbook\s*\$10\.80/,
    /3 × Sticker Sheet\s*\$8\.10/,
    /Ink Course - Basic Bundle\s*\$26\.99/,
    /Total paid\s*\$45\.89/,
  ]);
  // Paid: the cart is empty, here and after a reload.
  await buyer.reload();
  await expect(buyer.getByText("Your cart is empty.")).toBeVisible();

  const sale = await db.transaction.findFirstOrThrow({
    where: { merchantId: merchant.merchantId },
    include: { lines: { orderBy: { position: "asc" } } },
  });
  expect(sale.amountMinor).toBe(4589);
  expect(sale.lines.map((line) => [line.origin, line.name, line.quantity])).toEqual([
    ["cart", "Pocket Sketchbook", 1],
    ["cart", "Sticker Sheet", 3],
    ["cart", "Ink Course - Basic Bundle", 1],
  ]);

  // One receipt, listing the three lines.
  await expect(async () => {
    await buyer.goto(inbox(buyerEmail));
    await expect(buyer.getByRole("link", { name: /Your receipt from/ })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await buyer.getByRole("link", { name: /Your receipt from/ }).click();
  await expect(buyer.locator("body")).toContainText(
    /Pocket Sketchbook:\s*\$12\.00\s*3 × Sticker Sheet:\s*\$9\.00\s*Ink Course - Basic Bundle:\s*\$29\.99\s*Discount:\s*-\$5\.10 \(CART10\)\s*Amount paid:\s*\$45\.89/,
  );
  await context.close();
});

test("on a 390 px phone the store page fits without sideways scrolling and keeps the cart one tap away", async ({
  browser,
  page,
}) => {
  const merchant = await connectedMerchant(browser);
  const db = e2eDb();
  await buttonFor(merchant, { name: "Pocket Sketchbook", amountMinor: 1200, storePosition: 0 });
  await buttonFor(merchant, { name: "Sticker Sheet", amountMinor: 300, storePosition: 1 });
  const handle = unique("phone-").toLowerCase().slice(0, 30);
  await db.storeSettings.update({
    where: { merchantId: merchant.merchantId },
    data: { storeHandle: handle, storePageEnabled: true },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/s/${handle}`);
  await page.getByRole("button", { name: "Add Sticker Sheet to cart" }).click();
  await page.getByRole("link", { name: "View your cart (1)" }).click();
  await expect(page.getByRole("heading", { name: "Your cart (1)" })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a store page that is off, or an address no store has, answers 404", async ({ page }) => {
  const response = await page.goto("/s/no-such-store-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Store Not Found" })).toBeVisible();
});
