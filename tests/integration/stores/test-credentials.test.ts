// 'Use test credentials' in Store Settings. The integration run's app points PAYPAL_API_BASE_SANDBOX at
// the local PayPal sandbox the setup started (tests/support/global-setup.ts), so the procedure registers real
// credentials there; the refusals load the service again with another sandbox address.
import { createServer } from "node:net";
import type { TRPCError } from "@trpc/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sandboxSecretFor } from "../../../sandbox/paypal";
import { decryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import {
  isLocalPayPalSandbox,
  TEST_CREDENTIALS_NOT_LOCAL,
  TEST_CREDENTIALS_SANDBOX_DOWN,
  TEST_CREDENTIALS_SAVED,
  TEST_CREDENTIALS_WOULD_REPLACE_LIVE,
} from "~/server/stores/settings";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createSellPage } from "../../factories/sell-page";
import { connectPayPal } from "../../factories/store-settings";
import { anonymousCaller, merchantCaller } from "../../support/callers";
import { buyerApi } from "../../support/buyer-api";
import { approveOrder, sandboxApiBase } from "../../support/paypal-sandbox";
import { rejectionOf } from "../../support/rejection";

async function failure(promise: Promise<unknown>) {
  const error = await rejectionOf<TRPCError & { userMessage?: string }>(promise);
  return { code: error.code, message: error.message ?? error.userMessage };
}

/** PayPal's OAuth call, as our server and PayPal's SDK make it: the status and body of POST /v1/oauth2/token. */
async function tokenCall(clientId: string, secret: string) {
  const response = await fetch(`${sandboxApiBase()}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  return { status: response.status, body: (await response.json()) as { access_token?: string } };
}

/** The store-settings service as an app whose PayPal sandbox API is `apiBase` would load it. */
async function serviceWithSandboxAt(apiBase: string) {
  vi.resetModules();
  vi.stubEnv("PAYPAL_API_BASE_SANDBOX", apiBase);
  return import("~/server/stores/settings");
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("merchant.store.connectTestCredentials", () => {
  it("registers fresh credentials with the local sandbox, saves them like a normal save, and PayPal accepts them", async () => {
    const merchant = await createMerchant(db, { name: "Ada" });
    const caller = merchantCaller(merchant);
    const result = await caller.merchant.store.connectTestCredentials();

    const clientId = result.settings.paypalClientId;
    expect(clientId).toMatch(/^popkit-test-[0-9a-f]{18}$/);
    expect(result.settings).toMatchObject({
      storeName: "Ada",
      paypalEnvironment: "sandbox",
      hasPaypalSecret: true,
    });
    expect(result).toMatchObject({ message: TEST_CREDENTIALS_SAVED, popsWithOtherClientId: 0, subscriptionButtons: 0 });

    const row = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
    const secret = decryptSecret(row.paypalSecretEncrypted!);
    expect(row.paypalSecretEncrypted).not.toContain(secret);
    expect(JSON.stringify(result)).not.toContain(secret);
    // The registered secret is the one that works; the sandbox's made-up secret for the id no longer does.
    const token = await tokenCall(clientId, secret);
    expect(token.status).toBe(200);
    expect(token.body.access_token).toBeTruthy();
    expect((await tokenCall(clientId, sandboxSecretFor(clientId))).status).toBe(401);

    // Each click makes new credentials.
    const again = await caller.merchant.store.connectTestCredentials();
    expect(again.settings.paypalClientId).not.toBe(clientId);
  });

  it("is enough for a test payment on a button made with them, and counts the POPs that still use another client ID", async () => {
    const merchant = await createMerchant(db);
    const { clientId: oldClientId } = await connectPayPal(db, merchant.id);
    await createPaymentButton(db, merchant.id, { paypalClientId: oldClientId });
    await createPaymentButton(db, merchant.id, {
      paypalClientId: oldClientId,
      paymentType: "subscription",
      subscriptionPlanId: "P-OLDPLAN",
    });
    await createSellPage(db, merchant.id, { paypalClientId: oldClientId });

    const result = await merchantCaller(merchant).merchant.store.connectTestCredentials();
    // Two buttons and one sell page (its bundle buttons are part of it, not counted on their own).
    expect(result).toMatchObject({ popsWithOtherClientId: 3, subscriptionButtons: 1 });

    const button = await createPaymentButton(db, merchant.id, {
      paypalClientId: result.settings.paypalClientId,
      amountMinor: 1250,
    });
    const buyer = buyerApi();
    const { orderId } = await buyer.createOrder({ buttonId: button.id });
    await approveOrder(orderId, "alex");
    await expect(buyer.captureOrder({ buttonId: button.id, orderId })).resolves.toMatchObject({
      status: "completed",
    });
    expect(await db.transaction.findFirst({ where: { paypalOrderId: orderId } })).toMatchObject({
      merchantId: merchant.id,
      amountMinor: 1250,
      status: "completed",
    });
  });

  it("keeps a store's live credentials: it refuses and changes nothing", async () => {
    const merchant = await createMerchant(db);
    await db.storeSettings.create({
      data: {
        merchantId: merchant.id,
        storeName: "Live shop",
        paypalClientId: "live-client",
        paypalEnvironment: "live",
      },
    });
    expect(await failure(merchantCaller(merchant).merchant.store.connectTestCredentials())).toEqual({
      code: "CONFLICT",
      message: TEST_CREDENTIALS_WOULD_REPLACE_LIVE,
    });
    expect(await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } })).toMatchObject({
      paypalClientId: "live-client",
      paypalEnvironment: "live",
    });
  });

  it("is for signed-in merchants only", async () => {
    expect((await failure(anonymousCaller().merchant.store.connectTestCredentials())).code).toBe("UNAUTHORIZED");
  });

  it("refuses when the app's sandbox is PayPal's own, before any request or write", async () => {
    const merchant = await createMerchant(db);
    const service = await serviceWithSandboxAt("https://api-m.sandbox.paypal.com");
    await expect(service.saveTestCredentials(merchant.id)).rejects.toMatchObject({
      code: "FORBIDDEN",
      userMessage: TEST_CREDENTIALS_NOT_LOCAL,
    });
    expect(await db.storeSettings.findUnique({ where: { merchantId: merchant.id } })).toBeNull();
  });

  it("says so when nothing answers at the local sandbox's address", async () => {
    const merchant = await createMerchant(db);
    // A port that was free a moment ago: connecting to it is refused at once.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    const service = await serviceWithSandboxAt(`http://127.0.0.1:${port}`);
    await expect(service.saveTestCredentials(merchant.id)).rejects.toMatchObject({
      code: "UPSTREAM",
      userMessage: TEST_CREDENTIALS_SANDBOX_DOWN,
    });
    expect(await db.storeSettings.findUnique({ where: { merchantId: merchant.id } })).toBeNull();
  });
});

describe("isLocalPayPalSandbox", () => {
  it("is true for loopback hosts only", () => {
    for (const local of ["http://127.0.0.1:4010", "http://localhost:4010/", "http://[::1]:4010", "http://127.0.0.2"]) {
      expect(isLocalPayPalSandbox(local), local).toBe(true);
    }
    for (const remote of [
      "https://api-m.sandbox.paypal.com",
      "https://api-m.paypal.com",
      "http://127.0.0.1.example.com",
      "http://10.0.0.5:4010",
      "not a url",
    ]) {
      expect(isLocalPayPalSandbox(remote), remote).toBe(false);
    }
  });
});
