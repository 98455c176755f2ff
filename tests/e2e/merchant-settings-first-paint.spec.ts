import { expect, test, type Page } from "@playwright/test";
import { signUpMerchant } from "./helpers";

// A form's saved values are in the server-rendered HTML, so the first paint shows them and what a seller
// types before the page's script has run is neither mixed with them nor lost.

/** Holds the page's scripts back until the returned function is called: the HTML alone, as on a slow network. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/**/*.js", async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test("Store Settings shows the saved name before its script runs and keeps an edit typed meanwhile", async ({
  page,
}) => {
  await signUpMerchant(page, { name: "Acme Digital" });
  const release = await holdScripts(page);
  await page.goto("/dashboard/settings", { waitUntil: "domcontentloaded" });
  const storeName = page.getByLabel("Store Name");
  await expect(storeName).toHaveValue("Acme Digital");
  await storeName.fill("Ada Merchant");

  release();
  // Hydrated: the time zone list is built in the browser only.
  await expect.poll(() => page.locator("#timeZone option").count()).toBeGreaterThan(1);
  await expect(storeName).toHaveValue("Ada Merchant");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Store Name")).toHaveValue("Ada Merchant");
});
