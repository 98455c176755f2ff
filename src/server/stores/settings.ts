import { randomBytes } from "node:crypto";
import { env } from "~/env";
import { decryptSecret, encryptSecret } from "~/server/platform/crypto";
import { describeError, logger } from "~/server/platform/logger";
import { createPayPalClient } from "~/server/vendors/paypal/client";
import { CREDENTIALS_REJECTED_ISSUE } from "~/server/vendors/paypal/http";
import { paypalApiBase } from "~/server/vendors/paypal/merchant-client";
import { db } from "~/server/platform/db";
import { forgetPublicSellPage } from "~/server/sell-pages/public-page";
import { forgetCached } from "~/server/platform/cache-bus";
import { AppError, toAppError } from "~/server/platform/errors";
import { deleteStoredFiles, publicFileUrl } from "~/server/vendors/storage/files";
import type { SetTimeZoneIfUnsetInput, UpdateStoreSettingsInput } from "~/schemas/stores";

/** What the settings form shows: the PayPal secret is never sent back, only whether one is saved. */
export async function getStoreSettings(merchantId: string) {
  const [merchant, settings] = await Promise.all([
    db.merchant.findUniqueOrThrow({
      where: { id: merchantId },
      select: { name: true, email: true, user: { select: { emailVerified: true } } },
    }),
    db.storeSettings.findUnique({ where: { merchantId }, include: { logoFile: { select: { key: true } } } }),
  ]);
  return {
    storeName: settings?.storeName ?? merchant.name,
    description: settings?.description ?? "",
    websiteUrl: settings?.websiteUrl ?? "",
    paypalClientId: settings?.paypalClientId ?? "",
    paypalEnvironment: settings?.paypalEnvironment ?? "sandbox",
    paypalWebhookId: settings?.paypalWebhookId ?? "",
    /** null until chosen: the form then proposes the browser's zone. */
    timeZone: settings?.timeZone ?? null,
    /** Where the merchant registers the webhook in their PayPal app. */
    paypalWebhookUrl: `${env.APP_URL.replace(/\/+$/, "")}/api/paypal/webhook`,
    hasPaypalSecret: Boolean(settings?.paypalSecretEncrypted),
    logoUrl: settings?.logoFile ? publicFileUrl(settings.logoFile.key) : null,
    // A store that never saved its settings has the columns' defaults.
    saleAlertsEnabled: settings?.saleAlertsEnabled ?? true,
    dailyDigestEnabled: settings?.dailyDigestEnabled ?? false,
    supportEmail: settings?.supportEmail ?? "",
    /** Where seller mail goes, and what buyers see when no support e-mail is set. */
    accountEmail: merchant.email,
    /** Live payments need it: the form says so before the merchant tries. */
    isEmailVerified: merchant.user.emailVerified !== null,
  };
}

export const VERIFY_BEFORE_LIVE_MESSAGE = "Verify your e-mail address before taking live payments.";

/**
 * Going live (switching to the live environment, or other live credentials) needs a verified account e-mail
 *: real buyers' money then reaches an address we know the seller reads. A store already live keeps
 * saving its other settings, so a merchant from before verification existed is not locked out of them.
 */
async function checkMayGoLive(merchantId: string, input: UpdateStoreSettingsInput) {
  if (input.paypalEnvironment !== "live") return;
  const [user, saved] = await Promise.all([
    db.user.findUnique({ where: { id: merchantId }, select: { emailVerified: true } }),
    db.storeSettings.findUnique({ where: { merchantId }, select: { paypalEnvironment: true, paypalClientId: true } }),
  ]);
  if (user?.emailVerified) return;
  const isGoingLive =
    saved?.paypalEnvironment !== "live" ||
    saved.paypalClientId !== (input.paypalClientId || null) ||
    Boolean(input.paypalSecret);
  if (isGoingLive) {
    throw new AppError("FORBIDDEN", VERIFY_BEFORE_LIVE_MESSAGE, {
      fieldErrors: { paypalEnvironment: [VERIFY_BEFORE_LIVE_MESSAGE] },
    });
  }
}

/**
 * New or changed PayPal credentials are tried with a token call before they are saved: a typo in the
 * client ID or secret is caught here, not by the first buyer. PayPal being unreachable does not block the save.
 */
async function checkPayPalCredentials(merchantId: string, input: UpdateStoreSettingsInput) {
  if (!input.paypalClientId) return;
  const saved = await db.storeSettings.findUnique({
    where: { merchantId },
    select: { paypalClientId: true, paypalSecretEncrypted: true, paypalEnvironment: true },
  });
  const changed =
    Boolean(input.paypalSecret) ||
    saved?.paypalClientId !== input.paypalClientId ||
    saved.paypalEnvironment !== input.paypalEnvironment;
  const secret =
    input.paypalSecret || (saved?.paypalSecretEncrypted ? decryptSecret(saved.paypalSecretEncrypted) : null);
  if (!changed || !secret) return;
  const client = createPayPalClient({
    apiBase: paypalApiBase(input.paypalEnvironment),
    clientId: input.paypalClientId,
    secret,
  });
  try {
    await client.checkCredentials();
  } catch (error) {
    const appError = toAppError(error);
    if (appError?.issue === CREDENTIALS_REJECTED_ISSUE) {
      const message = `PayPal ${input.paypalEnvironment === "live" ? "live" : "sandbox"} did not accept this client ID and secret.`;
      throw new AppError("INVALID", message, { fieldErrors: { paypalSecret: [message] } });
    }
    logger.warn("Could not check PayPal credentials; saved unchecked", { merchantId, ...describeError(error) });
  }
}

export async function updateStoreSettings(merchantId: string, input: UpdateStoreSettingsInput) {
  await checkMayGoLive(merchantId, input);
  await checkPayPalCredentials(merchantId, input);
  const secret = input.paypalSecret ? { paypalSecretEncrypted: encryptSecret(input.paypalSecret) } : {};
  const fields = {
    storeName: input.storeName,
    description: input.description || null,
    websiteUrl: input.websiteUrl || null,
    paypalClientId: input.paypalClientId || null,
    paypalEnvironment: input.paypalEnvironment,
    paypalWebhookId: input.paypalWebhookId || null,
    ...(input.timeZone !== undefined && { timeZone: input.timeZone }),
    ...(input.saleAlertsEnabled !== undefined && { saleAlertsEnabled: input.saleAlertsEnabled }),
    ...(input.dailyDigestEnabled !== undefined && { dailyDigestEnabled: input.dailyDigestEnabled }),
    ...(input.supportEmail !== undefined && { supportEmail: input.supportEmail || null }),
  };
  await db.storeSettings.upsert({
    where: { merchantId },
    create: { merchantId, ...fields, ...secret },
    update: { ...fields, ...secret },
  });
  forgetPaymentReadiness();
  return getStoreSettings(merchantId);
}

/** Whether buyers can pay (a saved secret for the client id) shows on every sell page and button. */
function forgetPaymentReadiness() {
  forgetPublicSellPage(null);
  forgetCached("embed-script", null);
}

// --- Test credentials from the local PayPal sandbox ---

export const TEST_CREDENTIALS_SAVED =
  "Test credentials from the local PayPal sandbox were saved. They work only with the local sandbox.";
export const TEST_CREDENTIALS_NOT_LOCAL =
  "Test credentials come only from the local PayPal sandbox, and this app uses PayPal's own. Create a sandbox app in your PayPal developer dashboard and paste its client ID and secret instead.";
export const TEST_CREDENTIALS_WOULD_REPLACE_LIVE =
  "Your store is connected to live PayPal: test credentials would replace your live ones. Switch the environment to Sandbox and save first.";
export const TEST_CREDENTIALS_SANDBOX_DOWN =
  "The local PayPal sandbox did not answer. Make sure it is running, then try again.";

const SANDBOX_TIMEOUT_MS = 5_000;

/**
 * Whether the app's PayPal sandbox API (PAYPAL_API_BASE_SANDBOX) is the local simulator in sandbox/paypal rather
 * than PayPal's own sandbox. Decided by the address alone: a loopback host (localhost, 127.x.x.x, [::1]) is never
 * PayPal, and the answer costs no request, so Store Settings can ask on every view. Asking the host whether it
 * answers GET /__sandbox/health would prove nothing about a remote host (anyone can answer that path) and would
 * put a network call in front of every settings page. saveTestCredentials checks the health answer as well before
 * it registers anything, so a loopback port that is something else (a tunnel, a stopped simulator) gets a clear
 * refusal instead of half-made credentials.
 */
export function isLocalPayPalSandbox(apiBase: string = env.PAYPAL_API_BASE_SANDBOX): boolean {
  let host: string;
  try {
    host = new URL(apiBase).hostname;
  } catch {
    return false;
  }
  return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** One JSON call to the local sandbox's own endpoints (/__sandbox/*); false when it does not answer as expected. */
async function callLocalSandbox(apiBase: string, path: string, body?: unknown): Promise<boolean> {
  try {
    const response = await fetch(`${apiBase}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
      signal: AbortSignal.timeout(SANDBOX_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * "Use test credentials": a fresh client ID and secret, registered with the local PayPal sandbox
 * (POST /__sandbox/credentials), tried with a token call like any new credentials, and saved as the store's sandbox
 * credentials (the secret encrypted) exactly where a normal save puts them. Refused against PayPal's own sandbox,
 * and for a store connected to live PayPal, whose live credentials it would overwrite. Also says how many POPs still
 * name another client ID: buyers cannot pay on those until the seller edits them (pop-setup.ts, client_id_mismatch).
 */
export async function saveTestCredentials(merchantId: string) {
  const apiBase = env.PAYPAL_API_BASE_SANDBOX.replace(/\/+$/, "");
  if (!isLocalPayPalSandbox(apiBase)) throw new AppError("FORBIDDEN", TEST_CREDENTIALS_NOT_LOCAL);
  if (!(await callLocalSandbox(apiBase, "/__sandbox/health"))) {
    throw new AppError("UPSTREAM", TEST_CREDENTIALS_SANDBOX_DOWN);
  }
  const [merchant, saved] = await Promise.all([
    db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { name: true } }),
    db.storeSettings.findUnique({ where: { merchantId }, select: { paypalEnvironment: true, paypalClientId: true } }),
  ]);
  if (saved?.paypalEnvironment === "live" && saved.paypalClientId) {
    throw new AppError("CONFLICT", TEST_CREDENTIALS_WOULD_REPLACE_LIVE);
  }
  const clientId = `popkit-test-${randomBytes(9).toString("hex")}`;
  const secret = randomBytes(24).toString("base64url");
  const isRegistered = await callLocalSandbox(apiBase, "/__sandbox/credentials", {
    client_id: clientId,
    client_secret: secret,
  });
  if (!isRegistered) throw new AppError("UPSTREAM", TEST_CREDENTIALS_SANDBOX_DOWN);
  try {
    await createPayPalClient({ apiBase, clientId, secret }).checkCredentials();
  } catch (error) {
    logger.warn("The local PayPal sandbox refused the credentials it just registered", describeError(error));
    throw new AppError("UPSTREAM", TEST_CREDENTIALS_SANDBOX_DOWN, { cause: error });
  }
  const credentials = {
    paypalClientId: clientId,
    paypalSecretEncrypted: encryptSecret(secret),
    paypalEnvironment: "sandbox" as const,
  };
  await db.storeSettings.upsert({
    where: { merchantId },
    create: { merchantId, storeName: merchant.name, ...credentials },
    update: credentials,
  });
  forgetPaymentReadiness();
  const otherClientId = { merchantId, paypalClientId: { not: clientId } };
  const [settings, paymentButtons, sellPages, subscriptionButtons] = await Promise.all([
    getStoreSettings(merchantId),
    db.paymentButton.count({ where: { ...otherClientId, buttonType: "manual" } }),
    db.digitalSellPage.count({ where: otherClientId }),
    db.paymentButton.count({ where: { merchantId, buttonType: "manual", paymentType: "subscription" } }),
  ]);
  return {
    message: TEST_CREDENTIALS_SAVED,
    settings,
    popsWithOtherClientId: paymentButtons + sellPages,
    subscriptionButtons,
  };
}

/**
 * Makes an uploaded merchant-logo file the store's logo. The previous logo is deleted only after the new one
 * is saved, so a failure never leaves the store without its old logo.
 */
export async function setStoreLogo(merchantId: string, fileId: string) {
  const file = await db.storedFile.findFirst({ where: { id: fileId, merchantId, kind: "merchant_logo" } });
  if (!file) throw new AppError("NOT_FOUND", "Uploaded logo not found. Please upload it again.");
  const merchant = await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { name: true } });
  const previous = await db.storeSettings.findUnique({ where: { merchantId }, select: { logoFileId: true } });
  await db.storeSettings.upsert({
    where: { merchantId },
    create: { merchantId, storeName: merchant.name, logoFileId: file.id },
    update: { logoFileId: file.id },
  });
  if (previous?.logoFileId && previous.logoFileId !== file.id)
    await deleteStoredFiles(merchantId, [previous.logoFileId]);
  return getStoreSettings(merchantId);
}

export async function removeStoreLogo(merchantId: string) {
  const settings = await db.storeSettings.findUnique({ where: { merchantId }, select: { logoFileId: true } });
  if (settings?.logoFileId) {
    await db.storeSettings.update({ where: { merchantId }, data: { logoFileId: null } });
    await deleteStoredFiles(merchantId, [settings.logoFileId]);
  }
  return getStoreSettings(merchantId);
}

/** The IANA time zone the merchant's dashboard shows dates in, or null while the store has none saved. */
export async function getStoreTimeZone(merchantId: string): Promise<string | null> {
  const settings = await db.storeSettings.findUnique({ where: { merchantId }, select: { timeZone: true } });
  return settings?.timeZone ?? null;
}

/**
 * Saves `timeZone` only while the store has none (the dashboard sends the browser's zone once); a zone already
 * chosen, in Store Settings or by an earlier call, is kept. Both writes are conditional, so repeated or concurrent
 * calls are harmless. Returns the zone saved now.
 */
export async function setTimeZoneIfUnset(merchantId: string, input: SetTimeZoneIfUnsetInput) {
  const merchant = await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { name: true } });
  // A store without a settings row yet gets one (named like getStoreSettings shows it); an existing row is left
  // to the update below, which only fills an empty zone.
  await db.storeSettings.createMany({
    data: [{ merchantId, storeName: merchant.name, timeZone: input.timeZone }],
    skipDuplicates: true,
  });
  await db.storeSettings.updateMany({ where: { merchantId, timeZone: null }, data: { timeZone: input.timeZone } });
  return { timeZone: await getStoreTimeZone(merchantId) };
}
