import { sandboxSecretFor } from "../../sandbox/paypal";
import { expect, test, type Browser } from "@playwright/test";
import type { SandboxMail } from "../../sandbox/mail";
import { mailTo, signUpMerchant, signUpMerchantThroughForm, uniqueEmail } from "./helpers";

function linkIn(mail: SandboxMail, path: string): string {
  const link = (mail.text.match(/https?:\/\/[^\s)\]>"]+/g) ?? []).find((url) => url.includes(path));
  expect(link, `a link to ${path} in "${mail.subject}"`).toBeTruthy();
  return link!;
}

async function newPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

test("sign up lands on the dashboard with the name shown, and sign out returns to /auth", async ({ page }) => {
  const email = uniqueEmail();
  await signUpMerchantThroughForm(page, { name: "Grace Hopper", email, password: "cobol-rules" });
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("shell-user-name")).toHaveText("Grace Hopper");
  await expect(page.locator("aside").getByText(email)).toBeVisible();
  // The account works at once; the banner asks for the address to be verified.
  await expect(page.getByText(`Verify your e-mail address: we sent a link to ${email}.`)).toBeVisible();
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
  // Typed before the page's script runs, a click submits the bare HTML form and the fields come back empty.
  await page.waitForLoadState("networkidle");

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

// Sign-up never says "An account with this email already exists": that would tell anyone which e-mails have
// accounts. The owner gets an e-mail instead.
test("sign-up with a taken e-mail only says to check the inbox, and the owner is told by e-mail", async ({
  page,
  browser,
}) => {
  const owner = await signUpMerchant(await newPage(browser));
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full Name").fill("Someone Else");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill("not-the-owners");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText(`Check your inbox: we sent a message to ${owner.email}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await expect(page.getByText(/already exists/i)).toHaveCount(0);

  const mail = await mailTo(owner.email, "Someone tried to create a Popkit account with your e-mail");
  await page.goto(linkIn(mail, "/auth/forgot"));
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
});

test("verifying the e-mail from the mailed link removes the banner", async ({ page }) => {
  const account = await signUpMerchant(page);
  const banner = page.getByText(`Verify your e-mail address: we sent a link to ${account.email}.`);
  await expect(banner).toBeVisible();
  await page.getByRole("button", { name: "Resend link" }).click();
  await expect(page.getByText(`We sent a new link to ${account.email}.`)).toBeVisible();

  await page.goto(linkIn(await mailTo(account.email, "Verify your e-mail address for Popkit"), "/auth/verify/"));
  await expect(page.getByRole("heading", { name: "Your e-mail address is verified" })).toBeVisible();
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test("forgot password: the mailed link sets a new password once and signs the account out everywhere", async ({
  page,
  browser,
}) => {
  const signedIn = await newPage(browser);
  const account = await signUpMerchant(signedIn);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  const answer = "If an account exists for that e-mail, we've sent a link to reset its password.";
  await expect(page.getByText(answer)).toBeVisible();

  const link = linkIn(await mailTo(account.email, "Reset your Popkit password"), "/auth/reset/");
  await page.goto(link);
  await page.getByLabel(/^New password/).fill("fresh-password");
  await page.getByLabel("Confirm new password").fill("fresh-passwort");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm new password").fill("fresh-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();

  // The session that was open elsewhere has ended on the server.
  await signedIn.reload();
  await expect(signedIn).toHaveURL(/\/auth$/);

  await page.getByRole("link", { name: "Sign in" }).click();
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill("fresh-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link was used up.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link can no longer be used" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/auth/forgot");
});

test("the same answer for an e-mail without an account", async ({ page }) => {
  await page.goto("/auth/forgot");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByText("If an account exists for that e-mail, we've sent a link to reset its password."),
  ).toBeVisible();
});

test("Account settings: a password change and 'Sign out of all other sessions' end the other sessions", async ({
  page,
  browser,
}) => {
  // Several browsers sign in, each an argon2 hash: on a slow runner that alone nears the 45 s default.
  test.setTimeout(90_000);
  const account = await signUpMerchant(page);
  const signIn = async () => {
    const other = await newPage(browser);
    await other.goto("/auth");
    await other.getByLabel("Email").fill(account.email);
    await other.getByLabel("Password", { exact: true }).fill(account.password);
    await other.getByRole("button", { name: "Sign In" }).click();
    await expect(other).toHaveURL(/\/dashboard$/);
    return other;
  };
  const laptop = await signIn();

  await page.getByRole("link", { name: "Account", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Account", exact: true })).toBeVisible();
  await expect(page.getByText("Not verified")).toBeVisible();
  await page.getByRole("button", { name: "Sign out of all other sessions" }).click();
  await expect(page.getByText("Signed out of 1 other session.")).toBeVisible();
  await laptop.reload();
  await expect(laptop).toHaveURL(/\/auth$/);

  const phone = await signIn();
  await page.getByLabel("Current password").fill("wrong-password");
  await page.getByLabel(/^New password/).fill("changed-password");
  await page.getByLabel("Confirm new password").fill("changed-password");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Current password is incorrect").first()).toBeVisible();
  await page.getByLabel("Current password").fill(account.password);
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("Password changed. Signed out of 1 other session.")).toBeVisible();
  await phone.reload();
  await expect(phone).toHaveURL(/\/auth$/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Account", exact: true })).toBeVisible();
});
