import { beforeEach, describe, expect, it } from "vitest";
import { GET as buttonScript } from "~/app/api/button/[id]/route";
import { db } from "~/server/platform/db";
import { embedScriptAnswer } from "~/server/payment-buttons/embed-script";
import { forgetSeenEmbeds, getOnboarding, noteEmbedScriptLoad } from "~/server/stores/onboarding";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createSellPage } from "../../factories/sell-page";
import { connectPayPal } from "../../factories/store-settings";
import { createTransaction } from "../../factories/transaction";
import { createWpsButton } from "../../factories/wps-button";
import { anonymousCaller, merchantCaller } from "../../support/callers";
import { createWpsTransaction } from "../../factories/wps-transaction";

/** The test run's APP_URL (tests/support/global-setup.ts): loads from here are "ours". */
const APP = "http://localhost:3000";
const SHOP = "https://knitting-shop.example";

const doneOf = (onboarding: Awaited<ReturnType<typeof getOnboarding>>) =>
  Object.fromEntries(onboarding.steps.map((step) => [step.id, step.isDone]));

const embedSeenAt = async (id: string) =>
  (await db.paymentButton.findUniqueOrThrow({ where: { id }, select: { embedSeenAt: true } })).embedSeenAt;

/** The embed write is fire-and-forget: wait for it the way a reader of the dashboard would, by polling. */
async function eventuallySeen(id: string) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const seen = await embedSeenAt(id);
    if (seen) return seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`embed of ${id} never recorded`);
}

function getScript(id: string, headers: Record<string, string>) {
  const file = `${id}.js`;
  return buttonScript(new Request(`${APP}/api/button/${file}`, { headers }), { params: Promise.resolve({ id: file }) });
}

beforeEach(() => forgetSeenEmbeds());

describe("merchant.onboarding.get", () => {
  it("starts a new store at 0 of 4, pointing at the PayPal credentials", async () => {
    const merchant = await createMerchant(db);
    const onboarding = await merchantCaller(merchant).merchant.onboarding.get();
    expect(onboarding).toMatchObject({
      doneCount: 0,
      totalCount: 4,
      isComplete: false,
      display: "open",
      nextStep: "paypal",
      hasPayments: false,
    });
    expect(onboarding.steps).toEqual([
      { id: "paypal", isDone: false, href: "/dashboard/settings", opensNewTab: false },
      { id: "pop", isDone: false, href: "/dashboard/pages/create-pop", opensNewTab: false },
      { id: "test_payment", isDone: false, href: "/dashboard/pages/create-pop", opensNewTab: false },
      { id: "on_site", isDone: false, href: "/dashboard/pages/create-pop", opensNewTab: false },
    ]);
  });

  it("ticks each step from real rows, then says 'You're all set' once", async () => {
    const merchant = await createMerchant(db);
    const api = merchantCaller(merchant);

    // A client id alone is not enough: checkout needs the secret too.
    await db.storeSettings.create({ data: { merchantId: merchant.id, storeName: "Shop", paypalClientId: "abc" } });
    expect(doneOf(await api.merchant.onboarding.get())).toEqual({
      paypal: false,
      pop: false,
      test_payment: false,
      on_site: false,
    });
    await connectPayPal(db, merchant.id);
    expect(await api.merchant.onboarding.get()).toMatchObject({ doneCount: 1, nextStep: "pop" });

    const button = await createPaymentButton(db, merchant.id, { name: "Pattern pack" });
    let onboarding = await api.merchant.onboarding.get();
    expect(doneOf(onboarding)).toMatchObject({ paypal: true, pop: true, test_payment: false });
    expect(onboarding.steps[2]).toEqual({
      id: "test_payment",
      isDone: false,
      href: `/test/${button.id}`,
      opensNewTab: true,
    });
    expect(onboarding.steps[3]!.href).toBe(`/dashboard/pages?created=${button.id}`);

    // Only a payment PayPal completed counts.
    await createTransaction(db, merchant.id, { buttonId: button.id, status: "failed" });
    await createTransaction(db, merchant.id, { buttonId: button.id, status: "pending" });
    expect(await api.merchant.onboarding.get()).toMatchObject({ doneCount: 2, hasPayments: false });
    await createTransaction(db, merchant.id, { buttonId: button.id, status: "completed" });
    expect(await api.merchant.onboarding.get()).toMatchObject({
      doneCount: 3,
      hasPayments: true,
      nextStep: "on_site",
      display: "open",
    });

    await noteEmbedScriptLoad(button.id, `${SHOP}/patterns`);
    onboarding = await api.merchant.onboarding.get();
    expect(onboarding).toMatchObject({ doneCount: 4, isComplete: true, nextStep: null, display: "all_set" });
    const saved = await db.merchant.findUniqueOrThrow({ where: { id: merchant.id } });
    expect(saved.onboardingCompletedAt).toBeInstanceOf(Date);
    // The next load hides it for good: the moment was saved.
    expect(await api.merchant.onboarding.get()).toMatchObject({ doneCount: 4, display: "hidden" });
  });

  it("counts a sell page as a POP, its view as 'on your site', and a refunded payment as a test payment", async () => {
    const merchant = await createMerchant(db);
    const page = await createSellPage(db, merchant.id);
    let onboarding = await getOnboarding(merchant.id);
    expect(doneOf(onboarding)).toMatchObject({ pop: true, on_site: false });
    expect(onboarding.steps[2]!.href).toBe(`/digital-sell/${page.id}`);
    expect(onboarding.steps[3]!.href).toBe(`/dashboard/pages?tab=digital-sell-pages&created=${page.id}`);

    await db.sellPageView.create({ data: { sellPageId: page.id, visitorHash: `v-${page.id}` } });
    await createTransaction(db, merchant.id, {
      buttonId: page.basicButton.id,
      sellPageId: page.id,
      status: "refunded",
    });
    onboarding = await getOnboarding(merchant.id);
    expect(doneOf(onboarding)).toEqual({ paypal: false, pop: true, test_payment: true, on_site: true });
  });

  it("counts a WPS button as a POP and its verified payment as a test payment", async () => {
    const merchant = await createMerchant(db);
    const button = await createWpsButton(db, merchant.id);
    expect(doneOf(await getOnboarding(merchant.id))).toMatchObject({ pop: true, test_payment: false });
    await createWpsTransaction(db, merchant.id, {
      buttonId: button.id,
      txnId: `TXN-${button.id}`,
      rawIpn: "txn_id=...",
    });
    expect(doneOf(await getOnboarding(merchant.id))).toMatchObject({ pop: true, test_payment: true });
  });

  it("never counts another merchant's rows", async () => {
    const other = await createMerchant(db);
    await connectPayPal(db, other.id);
    const button = await createPaymentButton(db, other.id);
    const page = await createSellPage(db, other.id);
    await createTransaction(db, other.id, { buttonId: button.id });
    await db.sellPageView.create({ data: { sellPageId: page.id, visitorHash: `v-${page.id}` } });
    await noteEmbedScriptLoad(button.id, SHOP);
    expect(await getOnboarding(other.id)).toMatchObject({ doneCount: 4 });

    const newcomer = await createMerchant(db);
    const onboarding = await merchantCaller(newcomer).merchant.onboarding.get();
    expect(onboarding).toMatchObject({ doneCount: 0, hasPayments: false, display: "open" });
  });

  it("keeps a dismissal on the server, and still computes the steps", async () => {
    const merchant = await createMerchant(db);
    const api = merchantCaller(merchant);
    await expect(api.merchant.onboarding.dismiss()).resolves.toEqual({ dismissed: true });
    const first = await db.merchant.findUniqueOrThrow({ where: { id: merchant.id } });
    expect(first.onboardingDismissedAt).toBeInstanceOf(Date);

    // A new session (another caller) still finds it dismissed; a second dismissal keeps the first moment.
    const again = merchantCaller(merchant);
    await again.merchant.onboarding.dismiss();
    const second = await db.merchant.findUniqueOrThrow({ where: { id: merchant.id } });
    expect(second.onboardingDismissedAt).toEqual(first.onboardingDismissedAt);
    await connectPayPal(db, merchant.id);
    expect(await again.merchant.onboarding.get()).toMatchObject({ display: "hidden", doneCount: 1, nextStep: "pop" });

    // Dismissing one store hides nothing of another.
    const other = await createMerchant(db);
    expect(await merchantCaller(other).merchant.onboarding.get()).toMatchObject({ display: "open" });
  });

  it("refuses signed-out callers", async () => {
    await expect(anonymousCaller().merchant.onboarding.get()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(anonymousCaller().merchant.onboarding.dismiss()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("the embed script seen on another site", () => {
  it("marks a button the first time a foreign page loads its script, not for our own pages", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);

    // Our own test page and the dashboard's previews load it from APP_URL; no header at all says nothing.
    expect(noteEmbedScriptLoad(button.id, `${APP}/test/${button.id}`)).toBeNull();
    expect(noteEmbedScriptLoad(button.id, null)).toBeNull();
    expect(noteEmbedScriptLoad(button.id, "null")).toBeNull();
    expect((await getScript(button.id, { referer: `${APP}/test/${button.id}` })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await embedSeenAt(button.id)).toBeNull();

    // The route handler (next dev) with a Referer from the merchant's shop.
    const response = await getScript(button.id, { referer: `${SHOP}/products/pattern-pack` });
    expect(response.status).toBe(200);
    const seen = await eventuallySeen(button.id);
    // Not an edit by the seller: updated_at stays.
    const row = await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } });
    expect(row.updatedAt.getTime()).toBe(button.updatedAt.getTime());

    // A second load in this process does not write again: clear the column behind its back and load once more.
    await db.paymentButton.update({ where: { id: button.id }, data: { embedSeenAt: null } });
    expect(noteEmbedScriptLoad(button.id, `${SHOP}/other`)).toBeNull();
    await getScript(button.id, { referer: `${SHOP}/other` });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await embedSeenAt(button.id)).toBeNull();
    expect(seen).toBeInstanceOf(Date);
  });

  it("reads the Origin header when there is no Referer", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    expect((await getScript(button.id, { origin: SHOP })).status).toBe(200);
    await eventuallySeen(button.id);
  });

  it("records through the front door's entry point too (scripts/serve.ts), a 304 included", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const first = await embedScriptAnswer(`${button.id}.js`, { ifNoneMatch: null, acceptEncoding: "gzip" });
    const revalidated = await embedScriptAnswer(`${button.id}.js`, {
      ifNoneMatch: first.headers.etag!,
      acceptEncoding: "gzip",
      referrer: `${SHOP}/cart`,
    });
    expect(revalidated.status).toBe(304);
    await eventuallySeen(button.id);
  });

  it("keeps the first moment when another process already recorded it, and ignores unknown buttons", async () => {
    const merchant = await createMerchant(db);
    const earlier = new Date("2026-01-02T03:04:05Z");
    const button = await createPaymentButton(db, merchant.id, { embedSeenAt: earlier });
    await noteEmbedScriptLoad(button.id, SHOP);
    expect(await embedSeenAt(button.id)).toEqual(earlier);

    // An unknown id is a 404 script and records nothing (nor remembers the id).
    expect((await getScript("no-such-button", { referer: SHOP })).status).toBe(404);
  });
});
