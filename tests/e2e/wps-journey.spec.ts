import { expect, test } from "@playwright/test";
import { sandboxPdtTokenFor } from "../../sandbox/paypal/identities";
import { closeE2eDb, refuseDialogs, startShop } from "./buyer-helpers";
import { copyToClipboard, signUpMerchant } from "./helpers";
import { popCard } from "./pop-helpers";

// The WPS journey: a merchant builds a WPS button with three price options, tax and shipping; its embed script
// draws the form on the merchant's own website (another origin); a buyer picks an option and pays on the sandbox's
// PayPal page; PayPal's return shows the verified payment; analytics and Payments count it once; a forged return
// link shows no success.

test.use({ permissions: ["clipboard-read", "clipboard-write"] });
test.afterAll(closeE2eDb);

test("a WPS button from the form to a verified payment on another website", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  await signUpMerchant(page);
  const business = `wps-${Date.now().toString(36)}@seller.example.com`;

  await page.goto("/dashboard/pages/create-pop");
  await page.getByRole("link", { name: "Create WPS Button" }).click();
  await expect(page.getByRole("heading", { name: "New WPS Button", level: 1 })).toBeVisible();
  await expect(page.getByText("PayPal deprecated Website Payments Standard in January 2026.")).toBeVisible();

  // The spec's checks, word for word, before anything is filled in.
  await page.getByLabel("Option 1 label").fill("");
  await page.getByRole("button", { name: "Save WPS Button" }).click();
  await expect(page.getByText("PayPal Merchant ID or email is required")).toBeVisible();
  await expect(page.getByText("Product name is required")).toBeVisible();
  await expect(page.getByText("Price option label is required")).toBeVisible();

  await page.getByLabel("PayPal Merchant ID or Email").fill(business);
  await page.getByLabel("Product Name").fill("Wool Scarf");
  await expect(page.getByRole("button", { name: "Remove price option 1" })).toHaveCount(0);
  const prices = [
    ["Small", "20.00"],
    ["Medium", "25.00"],
    ["Large", "30.00"],
  ] as const;
  for (const [index, [label, value]] of prices.entries()) {
    if (index > 0) await page.getByRole("button", { name: "Add Price Option" }).click();
    await page.getByLabel(`Option ${index + 1} label`).fill(label);
    await page.getByLabel(`Option ${index + 1} price`).fill(value);
  }
  await page.getByLabel("Shipping Cost (USD)").fill("5.00");
  await page.getByLabel("Tax Rate (%)").fill("10");
  await expect(page.getByLabel("PDT Identity Token")).toHaveCount(0);
  await page.getByLabel("Enable Payment Data Transfer (PDT)").check();
  await page.getByRole("button", { name: "Save WPS Button" }).click();
  await expect(page.getByText("PDT token is required when PDT is enabled")).toBeVisible();
  await page.getByLabel("PDT Identity Token").fill(sandboxPdtTokenFor(business));

  await page.getByRole("button", { name: "Preview Button" }).click();
  const preview = page.getByRole("dialog", { name: "WPS Button Preview" });
  await expect(preview.getByRole("combobox", { name: "Options" })).toBeVisible();
  await expect(preview.getByText("payments made with it are test payments")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Save WPS Button" }).click();
  await expect(page).toHaveURL(/\/dashboard\/pages\?tab=wps-buttons&created=/);
  const ready = page.getByRole("dialog", { name: "Your POP is ready" });
  const snippet = await copyToClipboard(page, () =>
    ready.getByRole("button", { name: "Copy code for 'Wool Scarf'" }).click(),
  );
  expect(snippet).toMatch(/<div id="paypal-wps-button-[^"]+"><\/div>/);
  expect(snippet).toContain("/api/wps-button/");
  await ready.getByRole("button", { name: "Done" }).click();

  const card = popCard(page, "Wool Scarf");
  await expect(card.getByText("SANDBOX")).toBeVisible();
  await expect(card.getByText("Price Options: 3 variants")).toBeVisible();
  await expect(card.getByText("Medium: $25.00")).toBeVisible();
  await expect(card).toContainText("10%");
  await expect(card).toContainText("Optional");
  await expect(page.getByRole("tab", { name: /WPS Buttons/ })).toContainText("1");

  const shop = await startShop(
    () =>
      `<!doctype html><html lang="en"><head><title>Scarf shop</title></head><body><h1>Scarf shop</h1>${snippet}</body></html>`,
  );
  try {
    const buyerContext = await browser.newContext();
    const noDialogs = refuseDialogs(buyerContext);
    const buyer = await buyerContext.newPage();
    await buyer.goto(`${shop.url}/scarves`);
    await buyer.getByRole("combobox", { name: "Options" }).selectOption("Medium");
    await buyer.getByRole("button", { name: "Buy Now" }).click();

    // The sandbox's PayPal page: 25.00 + 10% tax + 5.00 shipping.
    await expect(buyer.getByTestId("wps-total")).toHaveText("32.50 USD");
    await buyer.getByRole("button", { name: "Pay now" }).click();

    await expect(buyer).toHaveURL(/\/pdt-confirmation\?/);
    await expect(buyer.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(buyer.getByText("$32.50")).toBeVisible();
    await expect(buyer.getByText("Wool Scarf")).toBeVisible();
    await expect(buyer.getByText("Completed")).toBeVisible();
    await expect(buyer.getByRole("heading", { name: "What's Next?" })).toBeVisible();

    // Anyone can type a query string: without a payment PayPal verified, no success.
    await buyer.goto(
      `${baseURL}/pdt-confirmation?transaction_id=FORGED123&amount=1&status=Completed&item_name=Free%20Scarf`,
    );
    await expect(buyer.getByRole("heading", { name: "Payment Received!" })).toBeVisible();
    await expect(buyer.getByText("Payment Successful!")).toHaveCount(0);
    await expect(buyer.getByText("Free Scarf")).toHaveCount(0);
    noDialogs();
    await buyerContext.close();
  } finally {
    await shop.close();
  }

  await page.reload();
  await popCard(page, "Wool Scarf").getByRole("button", { name: "Actions for 'Wool Scarf'" }).click();
  await page.getByRole("menuitem", { name: "View analytics for 'Wool Scarf'" }).click();
  const analytics = page.getByRole("dialog", { name: "WPS Button Analytics" });
  const stat = (label: string) => analytics.getByRole("listitem").filter({ hasText: label });
  await expect(stat("Total Transactions")).toContainText("1");
  await expect(stat("Total Revenue")).toContainText("$32.50");
  await expect(analytics.getByRole("row").filter({ hasText: "Completed" })).toHaveCount(1);
  await page.keyboard.press("Escape");

  await page.goto("/dashboard/payments");
  await expect(page.getByRole("status").filter({ hasText: "1 payment" })).toBeVisible();
  const table = page.getByRole("region", { name: "Payments" });
  await expect(table.getByRole("row")).toHaveCount(2); // the (visually hidden) header row and the WPS payment
  await expect(table.getByRole("row").nth(1)).toContainText("$32.50");
});
