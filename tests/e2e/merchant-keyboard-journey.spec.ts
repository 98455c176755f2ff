import { expect, test } from "@playwright/test";
import { closeE2eDb, e2eDb } from "./buyer-helpers";
import { connectPayPal, copyToClipboard, signUpMerchant, tabTo } from "./helpers";

// The seller's core loop by keyboard alone (Tab, Shift+Tab, Enter, Space, Escape, and End in a menu),
// no mouse: create a payment button, copy its link from "Your POP is ready", switch it off and on with
// focus staying on the switch, and delete it from its card's menu.

test.use({ permissions: ["clipboard-read", "clipboard-write"] });
test.afterAll(closeE2eDb);

const isActiveInDb = async (name: string) =>
  (await e2eDb().paymentButton.findFirstOrThrow({ where: { name } })).isActive;

test("a seller creates, shares, switches off and on, and deletes a payment button by keyboard only", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Set-up, not part of the journey: a store connected to the PayPal sandbox.
  await signUpMerchant(page);
  await connectPayPal(page);

  const name = `Keyboard Course ${Date.now().toString(36)}`;
  await page.goto("/dashboard/pages");
  await expect(page.getByText("No Checkout POPs Yet")).toBeVisible();

  // Create.
  await tabTo(page, page.getByRole("link", { name: "Create POP" }).first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/pages\/create-pop$/);
  await tabTo(page, page.getByRole("link", { name: "Create Payment Button" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/pages\/new-payment-button$/);
  await tabTo(page, page.getByLabel("Button Name"));
  await page.keyboard.type(name);
  await tabTo(page, page.getByRole("button", { name: "Save Button" }));
  await page.keyboard.press("Enter");

  // Copy its link from the success dialog.
  await expect(page.getByText("Payment button created")).toBeVisible();
  const ready = page.getByRole("dialog", { name: "Your POP is ready" });
  await expect(ready).toBeVisible();
  const id = (await e2eDb().paymentButton.findFirstOrThrow({ where: { name } })).id;
  const origin = new URL(page.url()).origin;
  await tabTo(page, ready.getByRole("button", { name: `Copy link to '${name}'` }));
  expect(await copyToClipboard(page, () => page.keyboard.press("Enter"))).toBe(`${origin}/checkout/${id}`);
  await page.keyboard.press("Escape");
  await expect(ready).toHaveCount(0);
  const menuButton = page.getByRole("button", { name: `Actions for '${name}'` });
  await expect(menuButton).toBeFocused();

  // Off and on: the switch keeps focus and the server follows.
  const toggle = page.getByRole("switch", { name: `Active: '${name}'` });
  await tabTo(page, toggle, { backwards: true });
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(toggle).toBeFocused();
  await expect.poll(() => isActiveInDb(name)).toBe(false);
  await expect(page.getByText(`'${name}' is now inactive`)).toBeVisible();
  await page.keyboard.press("Space");
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(toggle).toBeFocused();
  await expect.poll(() => isActiveInDb(name)).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("switch");

  // Delete from the card's menu: the menu opens on Enter, End reaches its last item, the confirmation opens on
  // Cancel (so a stray Enter never deletes), Tab reaches Delete.
  await tabTo(page, menuButton);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: `Delete '${name}'` })).toBeFocused();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("alertdialog", { name: `Delete '${name}'?` });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: "Delete" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(`Payment button '${name}' deleted`)).toBeVisible();
  await expect(page.getByText("No Checkout POPs Yet")).toBeVisible();
  expect(await e2eDb().paymentButton.count({ where: { id } })).toBe(0);
  // Focus lands on the empty list's next step, never on <body>.
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe("BODY");
  await expect(page.getByRole("link", { name: "Create POP" }).last()).toBeFocused();
});
