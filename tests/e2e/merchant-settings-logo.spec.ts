import { expect, test } from "@playwright/test";
import { pngFile } from "../support/files";
import { signUpMerchant } from "./helpers";

test("a merchant uploads, replaces and removes the store logo", async ({ page }) => {
  await signUpMerchant(page);
  await page.goto("/dashboard/settings");
  const logoInput = page.getByLabel("Store Logo");

  await logoInput.setInputFiles({
    name: "too-big.png",
    mimeType: "image/png",
    buffer: pngFile({ totalBytes: 2_097_153 }),
  });
  await expect(page.getByRole("alert").filter({ hasText: "File size must be under 2MB" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Store logo" })).toHaveCount(0);

  await logoInput.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: pngFile({ totalBytes: 2_097_152 }),
  });
  const logo = page.getByRole("img", { name: "Store logo" });
  await expect(logo).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
  const firstSrc = await logo.getAttribute("src");

  await page.reload();
  await expect(page.getByRole("img", { name: "Store logo" })).toHaveAttribute("src", firstSrc!);

  await page
    .getByLabel("Store Logo")
    .setInputFiles({ name: "new.png", mimeType: "image/png", buffer: pngFile({ width: 16, height: 16 }) });
  await expect.poll(() => page.getByRole("img", { name: "Store logo" }).getAttribute("src")).not.toBe(firstSrc);
  // The replaced file is gone from storage, not just unlinked.
  expect((await page.request.get(firstSrc!)).status()).toBe(404);

  await page.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("img", { name: "Store logo" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Upload" })).toBeVisible();
});

test("an HTML page renamed .png is refused as an image", async ({ page }) => {
  await signUpMerchant(page);
  await page.goto("/dashboard/settings");
  await page.getByLabel("Store Logo").setInputFiles({
    name: "evil.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await expect(page.getByRole("alert").filter({ hasText: "Images only (PNG, JPG, GIF or WebP)" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("img", { name: "Store logo" })).toHaveCount(0);
});
