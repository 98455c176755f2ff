import { expect, test, type Locator, type Page } from "@playwright/test";
import { e2eStaff } from "../support/e2e-fixtures";
import { signInStaff } from "./helpers";

const SIGN_UP = "/auth?mode=signup";
const PRICING = "Plans and pricing";

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

  test("the Pricing link scrolls to the plans staff set, the default one first for new stores", async ({ page }) => {
    const pricing = page.getByRole("region", { name: PRICING });
    await expect(pricing).not.toBeInViewport();

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(pricing).toHaveAttribute("id", "pricing");
    await expect(pricing.getByRole("heading", { level: 2 })).toBeInViewport();
    // The migration's default plan, as its row says: $0, unlimited, no Popkit fee.
    const free = pricing
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Free", exact: true }) });
    await expect(free).toContainText("New stores start here");
    await expect(free.getByText("$0", { exact: true })).toBeVisible();
    await expect(free).toContainText("per month");
    await expect(free).toContainText("Unlimited payments");
    await expect(free).toContainText("No Popkit fee");
    await expect(free.getByRole("link", { name: "Get started free" })).toHaveAttribute("href", SIGN_UP);
  });

  test("promises nothing the product does not do", async ({ page }) => {
    const body = page.locator("body");
    for (const claim of [/free trial/i, /7-day/i, /coming soon/i, /API access/i, /white-label/i, /24\/7/, /100\+/]) {
      await expect(body).not.toContainText(claim);
    }
    const tools = page.getByRole("contentinfo").getByRole("navigation", { name: "Tools" });
    for (const tool of ["Discount codes", "Pay what you want", "Quantities and stock", "Your store's branding"]) {
      await expect(tools.getByRole("link", { name: tool })).toHaveAttribute(
        "href",
        expect.stringMatching(/^#feature-/),
      );
    }
  });

  test("FAQ shows one answer at a time and clicking the open question closes it", async ({ page }) => {
    const faq = page.getByRole("region", { name: "Frequently asked questions", exact: true });
    const fees = faq.getByRole("button", { name: "Does Popkit charge a transaction fee?" });
    const trial = faq.getByRole("button", { name: "What happens when my store reaches its plan's payment limit?" });
    const feesAnswer = faq.getByText(/each plan in the pricing section shows its Popkit fee/);
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

    const hero = page.getByRole("region", { name: "Sell anything with PayPal. No code needed." });
    await expect(hero.getByRole("link", { name: "Get started free" })).toHaveAttribute("href", SIGN_UP);
    const pricing = page.getByRole("region", { name: PRICING });
    await expect(pricing.getByRole("link", { name: "Get started free" })).toHaveAttribute("href", SIGN_UP);

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
    await dialog.getByLabel("Message").fill("We would like a plan for our 40 stores.");
    await submit.click();

    const status = dialog.getByRole("status");
    await expect(status).toContainText("sales@popkit.app");
    await expect(status).toContainText("Send it from there");
    const href = await status.getByRole("link", { name: "Open the e-mail again" }).getAttribute("href");
    const mailto = new URL(href ?? "");
    expect(mailto.protocol + mailto.pathname).toBe("mailto:sales@popkit.app");
    expect(mailto.searchParams.get("subject")).toBe("Popkit custom plan enquiry from Engines Ltd");
    expect(mailto.searchParams.get("body")).toContain("We would like a plan for our 40 stores.");
    await expect(dialog.getByRole("alert")).toHaveCount(0);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Contact Sales" })).toBeFocused();
  });
});

test("a plan an admin adds in Settings is on the landing page at once, and gone once deleted", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const name = `Market Stall ${Date.now().toString(36)}`;
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInStaff(staff, e2eStaff.superAdmin);
  await staff.goto("/saas-admin/settings");
  const plans = staff.getByRole("region", { name: "Plans", exact: true });
  await expect(plans.getByRole("row").filter({ hasText: "Free" }).first()).toContainText("Default");

  await plans.getByRole("button", { name: "Add Plan" }).click();
  const dialog = staff.getByRole("dialog", { name: "Add Plan" });
  await dialog.getByLabel("Plan name").fill(name);
  await dialog.getByLabel("Monthly price (USD)").fill("12.5x");
  await dialog.getByRole("checkbox", { name: "Unlimited payments" }).uncheck();
  await dialog.getByRole("button", { name: "Create Plan" }).click();
  // Every problem at once, each under its field; editing a field clears its message.
  await expect(dialog.getByText("Monthly price must be an amount in US dollars, such as 29 or 29.99")).toBeVisible();
  await expect(dialog.getByText("Enter the number of payments a month, or choose unlimited")).toBeVisible();
  await dialog.getByLabel("Monthly price (USD)").fill("12.50");
  await expect(dialog.getByText("Monthly price must be an amount in US dollars, such as 29 or 29.99")).toBeHidden();
  await dialog.getByLabel("Monthly payment limit").fill("250");
  await dialog.getByLabel("Popkit fee (%)").fill("1.5");
  await dialog.getByLabel("Description").fill("For weekend markets.");
  await dialog.getByRole("button", { name: "Create Plan" }).click();
  await expect(staff.getByText(`Plan '${name}' created.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = plans.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("$12.50 / month");
  await expect(row).toContainText("Up to 250 payments a month");
  await expect(row).toContainText("1.5%");

  // The same name again is refused under the name field.
  await plans.getByRole("button", { name: "Add Plan" }).click();
  await dialog.getByLabel("Plan name").fill(name.toUpperCase());
  await dialog.getByRole("button", { name: "Create Plan" }).click();
  await expect(dialog.getByText(`A plan named '${name.toUpperCase()}' already exists`).first()).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await page.goto("/");
  const pricing = page.getByRole("region", { name: PRICING });
  const card = pricing.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toContainText("For weekend markets.");
  await expect(card.getByText("$12.50", { exact: true })).toBeVisible();
  await expect(card).toContainText("Up to 250 payments a month");
  await expect(card).toContainText("1.5% Popkit fee on each payment");
  // Only the default plan is chosen by signing up; another is arranged with sales.
  await expect(card.getByRole("button", { name: `Ask for ${name}` })).toBeVisible();

  await row.getByRole("button", { name: `Actions for '${name}'` }).click();
  await staff.getByRole("menuitem", { name: `Delete '${name}'` }).click();
  const confirm = staff.getByRole("alertdialog", { name: `Delete '${name}'?` });
  await expect(confirm).toContainText("No store is on this plan.");
  await confirm.getByRole("button", { name: "Delete Plan" }).click();
  // (While the confirmation is open the table is hidden from the accessibility tree: wait for the answer first.)
  await expect(staff.getByText(`Plan '${name}' deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(pricing.getByRole("heading", { name, exact: true })).toHaveCount(0);
  await staffContext.close();
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
    await expect(page.getByRole("region", { name: PRICING }).getByRole("heading", { level: 2 })).toBeInViewport();
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
