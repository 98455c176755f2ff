import { expect, test, type Locator, type Page } from "@playwright/test";

const SIGN_UP = "/auth?mode=signup";

/** The element a disclosure button controls, found through its aria-controls. */
async function controlledBy(page: Page, button: Locator) {
  const id = await button.getAttribute("aria-controls");
  expect(id).toBeTruthy();
  return page.locator(`#${id}`);
}

test.describe("landing page", () => {
  // The top-bar menus only exist at desktop widths; the phone layout is tested below.
  test.use({ viewport: { width: 1280, height: 800 } });

  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("Features and Use cases menus open one at a time and close on a second click, outside click or Escape", async ({
    page,
  }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    const features = nav.getByRole("button", { name: "Features" });
    const useCases = nav.getByRole("button", { name: "Use cases" });
    const featuresMenu = await controlledBy(page, features);
    const useCasesMenu = await controlledBy(page, useCases);

    await expect(features).toHaveAttribute("aria-expanded", "false");
    await expect(featuresMenu).toBeHidden();

    await features.click();
    await expect(features).toHaveAttribute("aria-expanded", "true");
    await expect(featuresMenu.getByRole("link")).toHaveCount(4);
    await expect(featuresMenu.getByRole("link", { name: /No-code checkout buttons/ })).toBeVisible();

    await useCases.click();
    await expect(useCases).toHaveAttribute("aria-expanded", "true");
    await expect(features).toHaveAttribute("aria-expanded", "false");
    await expect(featuresMenu).toBeHidden();
    for (const name of [
      "Digital products",
      "Physical products",
      "Event tickets",
      "Subscriptions",
      "Donations",
      "Services",
    ]) {
      await expect(useCasesMenu.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    }

    await useCases.click();
    await expect(useCases).toHaveAttribute("aria-expanded", "false");
    await expect(useCasesMenu).toBeHidden();

    await features.click();
    await page.keyboard.press("Escape");
    await expect(featuresMenu).toBeHidden();
    await expect(features).toBeFocused();

    await features.click();
    // The open panel covers the middle of the hero, so click the page's left margin instead.
    await page.mouse.click(5, 500);
    await expect(featuresMenu).toBeHidden();
    await expect(features).toHaveAttribute("aria-expanded", "false");
  });

  test("a menu entry leads to its card and closes the menu", async ({ page }) => {
    const features = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Features" });
    await features.click();
    await (await controlledBy(page, features)).getByRole("link", { name: /Sales analytics/ }).click();
    await expect(page).toHaveURL(/#feature-analytics$/);
    await expect(features).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("heading", { level: 3, name: "Sales analytics" })).toBeInViewport();
  });

  test("the Pricing link scrolls to the three plans", async ({ page }) => {
    const pricing = page.getByRole("region", { name: "Simple pricing, no cut of your sales" });
    await expect(pricing).not.toBeInViewport();

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(pricing).toHaveAttribute("id", "pricing");
    await expect(pricing.getByRole("heading", { level: 2 })).toBeInViewport();
    for (const plan of ["Free", "Pro", "Enterprise"]) {
      await expect(pricing.getByRole("heading", { level: 3, name: plan, exact: true })).toBeVisible();
    }
    await expect(pricing.getByText("Most Popular")).toBeVisible();
  });

  test("FAQ shows one answer at a time and clicking the open question closes it", async ({ page }) => {
    const faq = page.getByRole("region", { name: "Frequently asked questions", exact: true });
    const fees = faq.getByRole("button", { name: "Does Popkit charge a transaction fee?" });
    const trial = faq.getByRole("button", { name: "How does the 7-day free trial work?" });
    const feesAnswer = faq.getByText(/Popkit charges a 0% platform fee/);
    const expanded = faq.getByRole("button", { expanded: true });

    await expect(expanded).toHaveCount(0);
    await expect(feesAnswer).toBeHidden();

    await fees.click();
    await expect(fees).toHaveAttribute("aria-expanded", "true");
    await expect(feesAnswer).toBeVisible();
    await expect(feesAnswer).toContainText("PayPal charges its own standard processing fees");

    await trial.click();
    await expect(trial).toHaveAttribute("aria-expanded", "true");
    await expect(fees).toHaveAttribute("aria-expanded", "false");
    await expect(feesAnswer).toBeHidden();
    await expect(expanded).toHaveCount(1);

    await trial.click();
    await expect(expanded).toHaveCount(0);
  });

  test("sign-up, log-in and admin links point at the right pages", async ({ page }) => {
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Sign up", exact: true })).toHaveAttribute("href", SIGN_UP);
    await expect(header.getByRole("link", { name: "Log in", exact: true })).toHaveAttribute("href", "/auth");
    await expect(header.getByRole("link", { name: "Admin", exact: true })).toHaveAttribute("href", "/saas-admin/auth");

    await expect(page.getByRole("link", { name: "Start your 7-day free trial" })).toHaveAttribute("href", SIGN_UP);
    const pricing = page.getByRole("region", { name: "Simple pricing, no cut of your sales" });
    await expect(pricing.getByRole("link", { name: "Get started free" })).toHaveAttribute("href", SIGN_UP);
    await expect(pricing.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", SIGN_UP);

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Terms of service" })).toHaveAttribute("href", "/terms");
    await expect(footer.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/privacy");
  });

  test("Contact Sales opens a form that validates before opening an e-mail to sales", async ({ page }) => {
    await page.getByRole("button", { name: "Contact Sales" }).click();
    const dialog = page.getByRole("dialog", { name: "Contact sales" });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole("button", { name: "Open in e-mail app" });

    await submit.click();
    await expect(dialog.getByText("Enter your name")).toBeVisible();
    await expect(dialog.getByText("Enter your e-mail address")).toBeVisible();
    await expect(dialog.getByText("Tell us a little more (at least 10 characters)")).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

    const email = dialog.getByLabel("E-mail");
    await email.fill("not-an-address");
    await expect(dialog.getByText("Enter your e-mail address")).toBeHidden();
    await submit.click();
    await expect(dialog.getByText("Enter a valid e-mail address")).toBeVisible();

    await dialog.getByLabel("Name").fill("Ada Lovelace");
    await email.fill("ada@example.com");
    await dialog.getByLabel("Company").fill("Engines Ltd");
    await dialog.getByLabel("Message").fill("We would like white-label checkout for 40 stores.");
    await submit.click();

    const status = dialog.getByRole("status");
    await expect(status).toContainText("sales@popkit.app");
    await expect(status).toContainText("Send it from there");
    const href = await status.getByRole("link", { name: "Open the e-mail again" }).getAttribute("href");
    const mailto = new URL(href ?? "");
    expect(mailto.protocol + mailto.pathname).toBe("mailto:sales@popkit.app");
    expect(mailto.searchParams.get("subject")).toBe("Popkit Enterprise enquiry from Engines Ltd");
    expect(mailto.searchParams.get("body")).toContain("We would like white-label checkout for 40 stores.");
    await expect(dialog.getByRole("alert")).toHaveCount(0);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Contact Sales" })).toBeFocused();
  });
});

test.describe("landing page on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu button shows the navigation and closes after choosing a section", async ({ page }) => {
    await page.goto("/");
    const menuButton = page.getByRole("button", { name: "Open menu" });
    const mobileNav = page.getByRole("navigation", { name: "Mobile" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(mobileNav).toBeHidden();

    await menuButton.click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expect(mobileNav.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", SIGN_UP);
    await expect(mobileNav.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth");
    await expect(mobileNav.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/saas-admin/auth");

    await mobileNav.getByRole("link", { name: "Pricing" }).click();
    await expect(mobileNav).toBeHidden();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(
      page.getByRole("region", { name: "Simple pricing, no cut of your sales" }).getByRole("heading", { level: 2 }),
    ).toBeInViewport();
  });

  test("the menu is a dialog: focus stays inside, Escape closes it and focus returns to the menu button", async ({
    page,
  }) => {
    await page.goto("/");
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await menuButton.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("navigation", { name: "Mobile" })).toBeVisible();

    // Tabbing past the last link wraps around inside the drawer instead of reaching the page behind it.
    const controls = await drawer.locator("a, button").count();
    for (let index = 0; index <= controls; index += 1) await page.keyboard.press("Tab");
    expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  });
});
