import { sandboxSecretFor } from "../../sandbox/paypal";
import { expect, test } from "@playwright/test";
import { signUpMerchant, uniqueEmail } from "./helpers";

test("sign up lands on the dashboard with the name shown, and sign out returns to /auth", async ({ page }) => {
  const email = uniqueEmail();
  await signUpMerchant(page, { name: "Grace Hopper", email, password: "cobol-rules" });
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("shell-user-name")).toHaveText("Grace Hopper");
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("No payment buttons created yet")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth$/);
});

test("sign in works, a wrong password shows the message, and signed-in users skip /auth", async ({ page }) => {
  const email = uniqueEmail();
  await signUpMerchant(page, { name: "Alan Turing", email, password: "enigma-42" });
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel("Password", { exact: true }).fill("enigma-42");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the form shows each field's error and editing the field clears it", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByLabel("Full Name")).toBeVisible();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Full name is required")).toBeVisible();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();

  await page.getByLabel("Email").fill("not-an-email");
  await expect(page.getByText("Email is required")).toBeHidden();
  await page.getByLabel("Password", { exact: true }).fill("12345");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Full Name")).toBeHidden();
  await expect(page.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
});

test("Continue with Google explains when it is not configured", async ({ page }) => {
  await page.goto("/auth");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page.getByText("Google sign-in is not configured on this server.")).toBeVisible();
});

test("a signed-in merchant cannot open the staff portal", async ({ page }) => {
  await signUpMerchant(page);
  await page.goto("/saas-admin");
  await expect(page).toHaveURL(/\/saas-admin\/auth$/);
});

test("store settings save and keep the PayPal secret write-only", async ({ page }) => {
  const secret = sandboxSecretFor("client-abc");
  await signUpMerchant(page);
  await page.getByRole("link", { name: "Store Settings" }).click();
  await expect(page.getByRole("heading", { name: "Store Settings" })).toBeVisible();
  await page.getByLabel("Store Name").fill("");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Store name is required")).toBeVisible();

  await page.getByLabel("Store Name").fill("Settings Shop");
  await page.getByLabel("Website URL").fill("not a url");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Please enter a valid URL")).toBeVisible();

  await page.getByLabel("Website URL").fill("https://shop.example.com");
  await page.getByLabel("PayPal Client ID").fill("client-abc");
  // Credentials are tried with PayPal before they are saved: a wrong secret is refused.
  await page.getByLabel("PayPal Secret").fill("secret-xyz");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("PayPal sandbox did not accept this client ID and secret.").first()).toBeVisible();
  await page.getByLabel("PayPal Secret").fill(secret);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Store Name")).toHaveValue("Settings Shop");
  await expect(page.getByLabel("PayPal Client ID")).toHaveValue("client-abc");
  await expect(page.getByLabel("PayPal Secret")).toHaveValue("");
  await expect(page.getByText("PayPal secret saved")).toBeVisible();
  expect(await page.content()).not.toContain(secret);
});
