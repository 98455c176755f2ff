import { expect } from "@playwright/test";
import { signInMerchant } from "./helpers";
import {
  buttonFor,
  closeE2eDb,
  connectedMerchant,
  e2eDb,
  payInPayPalWindow,
  paymentMessage,
  test,
  expectAccessible,
} from "./buyer-helpers";

test.afterAll(closeE2eDb);

// Physical goods end to end: the seller sets shipping zones and New York tax; a buyer in PayPal's window sees the
// item, shipping and tax, moves to another address and sees both change, and pays exactly our price; the seller
// marks the order shipped with a tracking number PayPal then holds, and the buyer gets the tracking e-mail. A buyer
// whose address is outside the zones is told PayPal cannot ship there.

const inbox = (to: string) => `${process.env.E2E_MAIL_INBOX_URL}/?to=${encodeURIComponent(to)}`;

test("a buyer in a taxed state buys a print that ships, and the seller ships it with a tracking number", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const merchant = await connectedMerchant(browser);
  const print = await buttonFor(merchant, { name: "Harbour Print", amountMinor: 2000, ships: true });

  // The seller's zones and tax, by keyboard where a seller would tab.
  await signInMerchant(page, merchant.account);
  await page.goto("/dashboard/settings");
  await page.getByRole("link", { name: "Shipping and tax" }).click();
  await expect(page.getByRole("heading", { name: "Shipping and tax", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Shipping zones and tax" });
  await form.getByRole("button", { name: "Add zone" }).click();
  await expect(form.getByLabel("Zone 1 name")).toBeFocused();
  await page.keyboard.type("North America");
  await form.getByLabel("Zone 1 countries and states").fill("US, CA");
  await form.getByLabel("Zone 1 rate 1 name").fill("Standard");
  await form.getByLabel("Per order (USD)").fill("5");
  await form.getByLabel("Per item (USD)").fill("1");
  await form.getByRole("button", { name: "Add tax rate" }).click();
  await form.getByLabel("Tax rate 1: country or state").fill("US-NY");
  await form.getByLabel("Tax rate 1: rate (%)").fill("8.875");
  await form.getByRole("button", { name: "Save shipping and tax" }).click();
  await expect(form.getByText("Shipping and tax saved.")).toBeVisible();
  await expectAccessible(page);

  // The buyer, in a browser of their own, on the checkout page.
  const context = await browser.newContext();
  const buyer = await context.newPage();
  const buyerEmail = `ships-${Date.now()}@buyer.example.com`;
  await buyer.goto(`/checkout/${print.id}`);
  await expect(
    buyer.getByText("Shipping and any sales tax for your address are added in PayPal's window"),
  ).toBeVisible();
  await buyer.getByRole("button", { name: "PayPal" }).click();
  const paypal = buyer.getByRole("dialog", { name: /with PayPal/ });
  // New York: Standard 6.00 (5.00 + 1.00 per item) and 8.875% tax on 20.00 = 1.78.
  await paypal.getByLabel("Ship to").selectOption("us-ny");
  await expect(paypal.getByText("$27.78 USD")).toBeVisible();
  await expect(paypal.getByText("Harbour Print × 1, $20.00 each")).toBeVisible();
  await expect(paypal.getByText(/Shipping\s*\$6\.00/)).toBeVisible();
  await expect(paypal.getByText(/Tax\s*\$1\.78/)).toBeVisible();
  // Oregon has no sales tax here.
  await paypal.getByLabel("Ship to").selectOption("us-or");
  await expect(paypal.getByText("$26.00 USD")).toBeVisible();
  await paypal.getByLabel("Ship to").selectOption("us-ny");
  await expect(paypal.getByText("$27.78 USD")).toBeVisible();
  await paypal.getByLabel("PayPal account e-mail").fill(buyerEmail);
  await payInPayPalWindow(buyer, "Approve");
  const success = "Payment successful! Thank you for your purchase.";
  await expect(paymentMessage(buyer, "status", success)).toHaveText(success);
  const db = e2eDb();
  const sale = await db.transaction.findFirstOrThrow({ where: { buttonId: print.id } });
  expect(sale).toMatchObject({ amountMinor: 2778, shippingMinor: 600, taxMinor: 178, shippingRegion: "NY" });

  // The seller ships it from the To ship list.
  await page.getByRole("link", { name: "Shipping", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: "Harbour Print" });
  await expect(row).toContainText("New York, NY 10118");
  await expectAccessible(page);
  await row.getByRole("button", { name: "Mark shipped" }).click();
  const dialog = page.getByRole("dialog", { name: "Mark as shipped" });
  await dialog.getByLabel("Carrier").selectOption("UPS");
  await dialog.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await dialog.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByText("Marked as shipped.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No orders yet" })).toBeVisible();
  await expect
    .poll(() => db.transaction.findUniqueOrThrow({ where: { id: sale.id } }))
    .toMatchObject({ fulfilment: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784" });
  // PayPal holds the tracker.
  const trackers = await fetch(
    `${process.env.E2E_PAYPAL_SANDBOX_URL}/__sandbox/orders/${sale.paypalOrderId}/trackers`,
  ).then((response) => response.json() as Promise<{ trackers?: { tracking_number?: string }[] }>);
  expect(JSON.stringify(trackers)).toContain("1Z999AA10123456784");

  // The buyer's inbox has the tracking e-mail with UPS's tracking link.
  await expect(async () => {
    await buyer.goto(inbox(buyerEmail));
    await expect(buyer.getByRole("link", { name: /has shipped/ })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await buyer.getByRole("link", { name: /has shipped/ }).click();
  await expect(buyer.locator("body")).toContainText("https://www.ups.com/track?tracknum=1Z999AA10123456784");
  await context.close();
});

test("a buyer whose address is outside the store's zones is told PayPal cannot ship there", async ({
  browser,
  page,
}) => {
  const merchant = await connectedMerchant(browser);
  const print = await buttonFor(merchant, { name: "Lighthouse Print", amountMinor: 1500, ships: true });
  await e2eDb().storeSettings.update({
    where: { merchantId: merchant.merchantId },
    data: {
      shippingZones: [
        {
          id: "na",
          name: "North America",
          currency: "USD",
          places: ["US", "CA"],
          rates: [{ id: "std", name: "Standard", flatMinor: 500, perItemMinor: 0, freeAboveMinor: null }],
        },
      ],
    },
  });
  await page.goto(`/checkout/${print.id}`);
  await page.getByRole("button", { name: "PayPal" }).click();
  const paypal = page.getByRole("dialog", { name: /with PayPal/ });
  await paypal.getByLabel("Ship to").selectOption("au-nsw");
  await expect(paypal.getByRole("alert")).toContainText("Your order can't be shipped to this country.");
  await expect(paypal.getByRole("button", { name: "Approve" })).toBeDisabled();
  await paypal.getByLabel("Ship to").selectOption("ca-on");
  await expect(paypal.getByText("$20.00 USD")).toBeVisible();
  await expect(paypal.getByRole("button", { name: "Approve" })).toBeEnabled();
});
