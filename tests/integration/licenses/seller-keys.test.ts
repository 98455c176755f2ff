import type { Session } from "next-auth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as exportLicenseKeys } from "~/app/api/exports/license-keys/route";
import type { Prisma } from "~/generated/prisma/client";
import { generateKey } from "~/server/licenses/key-format";
import { storedKey } from "~/server/licenses/keys";
import { rotateWebhookSecret, updateWebhookUrl } from "~/server/merchant-webhooks/settings";
import { decryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createSellPage } from "../../factories/sell-page";
import { createSeller } from "../../factories/seller";
import { createSubscription } from "../../factories/subscription";
import { createTransaction } from "../../factories/transaction";
import { unique } from "../../factories/unique";
import { buyerApi } from "../../support/buyer-api";
import { merchantCaller, merchantSession } from "../../support/callers";
import { download, records } from "../../support/csv";
import { approveOrder } from "../../support/paypal-sandbox";

// The export route reads the session through next-auth's auth(); here it is whoever the test signs in.
const session = vi.hoisted(() => ({ current: null as Session | null }));
vi.mock("~/server/auth", () => ({ auth: () => Promise.resolve(session.current) }));
afterEach(() => {
  session.current = null;
});

const HOOK_URL = "https://hooks.example.com/licenses";

/** The POP issues keys: at most 2 activations each, with the prefix APP-. */
const issueKeysOn = (merchantId: string, buttonId: string) =>
  db.licensePolicy.create({ data: { buttonId, merchantId, activationLimit: 2, keyPrefix: "APP-" } });

/** A store whose button issues keys, with its webhook set (on request) so events are recorded. */
async function licensedStore(options: { withWebhook?: boolean } = {}) {
  const merchant = await createMerchant(db);
  const button = await createPaymentButton(db, merchant.id, { name: `Editor ${unique("")}` });
  await issueKeysOn(merchant.id, button.id);
  if (options.withWebhook) {
    await updateWebhookUrl(merchant.id, { url: HOOK_URL });
    await rotateWebhookSecret(merchant.id);
  }
  return { merchant, button, licenses: merchantCaller(merchant).merchant.licenses };
}
type Store = Awaited<ReturnType<typeof licensedStore>>;

/** A key as issuing leaves it: bought with a payment of its own, with `instances` activated. */
async function issuedKey(
  store: Pick<Store, "merchant" | "button">,
  options: { buyerEmail?: string; instances?: string[]; data?: Partial<Prisma.LicenseKeyUncheckedCreateInput> } = {},
) {
  const buyerEmail = options.buyerEmail ?? `${unique("buyer")}@buyer.test`;
  const payment = await createTransaction(db, store.merchant.id, {
    buttonId: store.button.id,
    payerEmail: buyerEmail,
    payerName: "Ada Buyer",
    paypalTransactionId: unique("CAPTURE-"),
  });
  const plain = generateKey("APP-");
  const key = await db.licenseKey.create({
    data: {
      ...storedKey(plain),
      merchantId: store.merchant.id,
      buttonId: store.button.id,
      issueKey: `${payment.id}:1`,
      transactionId: payment.id,
      buyerEmail,
      activationLimit: 2,
      issuedAt: new Date(),
      ...options.data,
    },
  });
  await db.licenseKeyEvent.create({ data: { licenseKeyId: key.id, kind: "issued" } });
  for (const name of options.instances ?? []) {
    await db.licenseInstance.create({ data: { licenseKeyId: key.id, name } });
  }
  return { key, plain, payment };
}

const deliveriesOf = (merchantId: string) =>
  db.webhookDelivery.findMany({ where: { merchantId }, orderBy: { createdAt: "asc" } });

const eventsOf = async (keyId: string) =>
  (
    await db.licenseKeyEvent.findMany({
      where: { licenseKeyId: keyId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    })
  ).map((event) => [event.kind, event.detail]);

describe("merchant.licenses.list", () => {
  it("lists the store's issued keys newest first, never pool keys or another store's", async () => {
    const store = await licensedStore();
    const older = await issuedKey(store, { data: { issuedAt: new Date("2026-01-01T00:00:00Z") } });
    const newer = await issuedKey(store, { instances: ["Laptop"] });
    await db.licenseKey.create({
      data: {
        ...storedKey(`POOL-${unique("")}`),
        merchantId: store.merchant.id,
        buttonId: store.button.id,
        fromPool: true,
      },
    });
    const other = await licensedStore();
    await issuedKey(other);

    const result = await store.licenses.list({});
    expect(result.total).toBe(2);
    expect(result.keys.map((key) => key.id)).toEqual([newer.key.id, older.key.id]);
    expect(result.keys[0]).toMatchObject({
      keyHint: newer.key.keyHint,
      popName: store.button.name,
      buyerEmail: newer.key.buyerEmail,
      status: "active",
      activations: 1,
      activationLimit: 2,
      expiresAt: null,
      transactionId: newer.payment.id,
    });
    expect(result.keys[1]).toMatchObject({ status: "inactive", activations: 0 });
    // The list never carries the key itself.
    expect(JSON.stringify(result)).not.toContain(newer.plain);
  });

  it("finds a key by the whole key, the buyer's e-mail (escaped) or the POP's name", async () => {
    const store = await licensedStore();
    const byKey = await issuedKey(store);
    const byMail = await issuedKey(store, { buyerEmail: `a_b.${unique("")}@Buyer.test` });
    // "_" is not a wildcard: this address must not match a search for the other's.
    await issuedKey(store, { buyerEmail: byMail.key.buyerEmail!.replace("a_b", "acb") });
    const ids = async (q: string) => (await store.licenses.list({ q })).keys.map((key) => key.id);

    expect(await ids(`  ${byKey.plain}  `)).toEqual([byKey.key.id]);
    expect(await ids(byKey.plain.slice(0, 12))).toEqual([]);
    expect(await ids(byMail.key.buyerEmail!.toUpperCase())).toEqual([byMail.key.id]);
    expect(await ids(store.button.name.slice(2).toLowerCase())).toHaveLength(3);
  });

  it("finds a sell page's keys by the page's name", async () => {
    const merchant = await createMerchant(db);
    const page = await createSellPage(db, merchant.id, { name: `Glaze ${unique("")}` });
    const key = await issuedKey({ merchant, button: page.basicButton });
    const result = await merchantCaller(merchant).merchant.licenses.list({ q: page.name });
    expect(result.keys.map((row) => [row.id, row.popName])).toEqual([[key.key.id, page.name]]);
  });

  it("filters by POP and by each status, as the License API would answer", async () => {
    const store = await licensedStore();
    const second = await createPaymentButton(db, store.merchant.id, { name: "Second" });
    const inactive = await issuedKey(store);
    const active = await issuedKey(store, { instances: ["Desk"] });
    const disabled = await issuedKey(store, { instances: ["Old"], data: { disabledAt: new Date() } });
    const expired = await issuedKey(store, { data: { expiresAt: new Date(Date.now() - 1000) } });
    const future = await issuedKey(store, { data: { expiresAt: new Date(Date.now() + 86_400_000) } });
    const cancelled = await createSubscription(db, store.merchant.id, { status: "cancelled" });
    const running = await createSubscription(db, store.merchant.id);
    const lapsed = await issuedKey(store, {
      data: { expiresWithSubscription: true, paypalSubscriptionId: cancelled.paypalSubscriptionId },
    });
    const subscribed = await issuedKey(store, {
      instances: ["Studio"],
      data: { expiresWithSubscription: true, paypalSubscriptionId: running.paypalSubscriptionId },
    });
    const elsewhere = await issuedKey({ merchant: store.merchant, button: second });

    const ids = async (input: Parameters<typeof store.licenses.list>[0]) =>
      (await store.licenses.list(input)).keys.map((key) => key.id).sort();
    const sorted = (...keys: { key: { id: string } }[]) => keys.map((key) => key.key.id).sort();

    expect(await ids({ status: "inactive" })).toEqual(sorted(inactive, future, elsewhere));
    expect(await ids({ status: "active" })).toEqual(sorted(active, subscribed));
    expect(await ids({ status: "disabled" })).toEqual(sorted(disabled));
    expect(await ids({ status: "expired" })).toEqual(sorted(expired, lapsed));
    expect(await ids({ pop: second.id })).toEqual(sorted(elsewhere));
    expect(await ids({ pop: second.id, status: "active" })).toEqual([]);
    // The list's statuses agree with its filter.
    const all = await store.licenses.list({});
    const statusOf = new Map(all.keys.map((key) => [key.id, key.status]));
    expect([lapsed, subscribed, disabled].map((key) => statusOf.get(key.key.id))).toEqual([
      "expired",
      "active",
      "disabled",
    ]);
  });

  it("pages 20 at a time without repeating or skipping a key", async () => {
    const store = await licensedStore();
    const issuedAt = new Date("2026-03-01T00:00:00Z");
    // Keys issued at one instant (a quantity purchase): the id keeps the order total.
    const keys = [];
    for (let index = 0; index < 23; index += 1) keys.push(await issuedKey(store, { data: { issuedAt } }));
    const first = await store.licenses.list({ page: 1 });
    const second = await store.licenses.list({ page: 2 });
    expect(first).toMatchObject({ total: 23, pageSize: 20, pageCount: 2 });
    expect(first.keys).toHaveLength(20);
    expect(second.keys).toHaveLength(3);
    const seen = [...first.keys, ...second.keys].map((key) => key.id);
    expect(new Set(seen).size).toBe(23);
    expect(seen).toEqual(
      keys
        .map((key) => key.key.id)
        .sort()
        .reverse(),
    );
  });

  it("lists the keys a paid order issued, with the buyer and the POP", async () => {
    const seller = await createSeller(db, { amountMinor: 2500, maxQuantity: 5 });
    const licenses = merchantCaller(seller.merchant).merchant.licenses;
    await issueKeysOn(seller.merchant.id, seller.button.id);
    const { orderId } = await buyerApi().createOrder({ buttonId: seller.button.id, quantity: 2 });
    await approveOrder(orderId);
    await buyerApi().captureOrder({ buttonId: seller.button.id, orderId });
    const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });

    const result = await licenses.list({ pop: seller.button.id });
    expect(result.total).toBe(2);
    expect(result.keys.every((key) => key.transactionId === payment.id && key.buyerEmail === payment.payerEmail)).toBe(
      true,
    );
    expect(await licenses.pops()).toEqual([
      expect.objectContaining({ id: seller.button.id, name: seller.button.name, isIssuing: true, hasPool: false }),
    ]);
  });
});

describe("merchant.licenses.pops", () => {
  it("offers the buttons that issue keys or issued some, with their pools, and a bundle by its page's name", async () => {
    const store = await licensedStore();
    await db.licenseKey.createMany({
      data: [1, 2].map(() => ({
        ...storedKey(`POOL-${unique("")}`),
        merchantId: store.merchant.id,
        buttonId: store.button.id,
        fromPool: true,
      })),
    });
    const retired = await createPaymentButton(db, store.merchant.id, { name: "Retired" });
    await issuedKey({ merchant: store.merchant, button: retired });
    await createPaymentButton(db, store.merchant.id, { name: "No keys" });
    const page = await createSellPage(db, store.merchant.id, {
      name: "Aaa Bundle page",
      premiumEnabled: true,
      premiumName: "Pro",
      premiumPriceMinor: 4999,
    });
    await db.licensePolicy.create({ data: { buttonId: page.premiumButton!.id, merchantId: store.merchant.id } });

    expect(await store.licenses.pops()).toEqual([
      {
        id: page.premiumButton!.id,
        name: "Aaa Bundle page (Premium)",
        sellPageId: page.id,
        isIssuing: true,
        hasPool: false,
        poolLeft: 0,
      },
      { id: store.button.id, name: store.button.name, sellPageId: null, isIssuing: true, hasPool: true, poolLeft: 2 },
      { id: retired.id, name: "Retired", sellPageId: null, isIssuing: false, hasPool: false, poolLeft: 0 },
    ]);
  });
});

describe("merchant.licenses.get", () => {
  it("shows the key itself, its buyer and payment, its activations and its history, newest first", async () => {
    const store = await licensedStore();
    const { key, plain, payment } = await issuedKey(store, { instances: ["Laptop", "Desktop"] });
    await db.licenseInstance.updateMany({
      where: { licenseKeyId: key.id, name: "Laptop" },
      data: { deactivatedAt: new Date() },
    });
    await db.licenseKeyEvent.create({
      data: { licenseKeyId: key.id, kind: "activated", detail: "Desktop", createdAt: new Date(Date.now() + 1000) },
    });

    const detail = await store.licenses.get({ id: key.id });
    expect(detail).toMatchObject({
      id: key.id,
      key: plain,
      status: "active",
      activations: 1,
      activationLimit: 2,
      buyerEmail: key.buyerEmail,
      buyerName: "Ada Buyer",
      payment: { id: payment.id, paypalTransactionId: payment.paypalTransactionId },
      pop: { buttonId: store.button.id, sellPageId: null, name: store.button.name },
      replaces: null,
      replacedBy: null,
      instanceCount: 2,
      eventCount: 2,
    });
    expect(detail.instances.map((instance) => [instance.name, instance.deactivatedAt !== null])).toEqual([
      ["Desktop", false],
      ["Laptop", true],
    ]);
    expect(detail.events.map((event) => event.kind)).toEqual(["activated", "issued"]);
  });
});

describe("seller actions on a key", () => {
  it("disables a key (a repeat is a no-op) and enables it again, each with its history and webhook", async () => {
    const store = await licensedStore({ withWebhook: true });
    const { key } = await issuedKey(store);

    await store.licenses.disable({ id: key.id });
    await store.licenses.disable({ id: key.id });
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({ disabledBy: "seller" });
    expect((await store.licenses.get({ id: key.id })).status).toBe("disabled");
    let deliveries = await deliveriesOf(store.merchant.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ eventType: "license_key.updated", url: HOOK_URL });
    expect(JSON.parse(deliveries[0]!.payload)).toMatchObject({
      type: "license_key.updated",
      data: { license_key: { id: key.id, status: "disabled" }, meta: { customer_email: key.buyerEmail } },
    });

    await store.licenses.enable({ id: key.id });
    await store.licenses.enable({ id: key.id });
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({
      disabledAt: null,
      disabledBy: null,
    });
    deliveries = await deliveriesOf(store.merchant.id);
    expect(deliveries).toHaveLength(2);
    expect(JSON.parse(deliveries[1]!.payload)).toMatchObject({ data: { license_key: { status: "inactive" } } });
    expect(await eventsOf(key.id)).toEqual([
      ["issued", null],
      ["disabled", "From the dashboard"],
      ["enabled", "From the dashboard"],
    ]);
  });

  it("disables once under a double click", async () => {
    const store = await licensedStore({ withWebhook: true });
    const { key } = await issuedKey(store);
    await Promise.all([store.licenses.disable({ id: key.id }), store.licenses.disable({ id: key.id })]);
    expect(await eventsOf(key.id)).toEqual([
      ["issued", null],
      ["disabled", "From the dashboard"],
    ]);
    expect(await deliveriesOf(store.merchant.id)).toHaveLength(1);
  });

  it("enables a key a full refund disabled", async () => {
    const store = await licensedStore();
    const { key } = await issuedKey(store, { data: { disabledAt: new Date(), disabledBy: "refund" } });
    await store.licenses.enable({ id: key.id });
    expect((await store.licenses.get({ id: key.id })).status).toBe("inactive");
  });

  it("resets activations: every active instance deactivated and kept, the slots free again", async () => {
    const store = await licensedStore({ withWebhook: true });
    const { key } = await issuedKey(store, { instances: ["One", "Two"] });
    await store.licenses.resetActivations({ id: key.id });
    await store.licenses.resetActivations({ id: key.id });

    const instances = await db.licenseInstance.findMany({ where: { licenseKeyId: key.id } });
    expect(instances).toHaveLength(2);
    expect(instances.every((instance) => instance.deactivatedAt !== null)).toBe(true);
    expect(await store.licenses.get({ id: key.id })).toMatchObject({ status: "inactive", activations: 0 });
    expect(await eventsOf(key.id)).toEqual([
      ["issued", null],
      ["reset", "2 activations cleared"],
    ]);
    const deliveries = await deliveriesOf(store.merchant.id);
    expect(deliveries.map((delivery) => delivery.eventType)).toEqual(["license_key.updated"]);
    expect(JSON.parse(deliveries[0]!.payload)).toMatchObject({ data: { license_key: { activation_usage: 0 } } });
  });

  it("changes the expiry to a date, to never, and with a subscription only for a subscription's key", async () => {
    const store = await licensedStore({ withWebhook: true });
    const { key } = await issuedKey(store);
    const past = new Date("2026-01-02T03:04:00.000Z");

    await store.licenses.setExpiry({ id: key.id, expiry: "date", expiresAt: past });
    await store.licenses.setExpiry({ id: key.id, expiry: "date", expiresAt: past });
    expect(await store.licenses.get({ id: key.id })).toMatchObject({ status: "expired", expiresAt: past });
    await store.licenses.setExpiry({ id: key.id, expiry: "never", expiresAt: past });
    expect(await store.licenses.get({ id: key.id })).toMatchObject({ status: "inactive", expiresAt: null });
    await expect(
      store.licenses.setExpiry({ id: key.id, expiry: "subscription", expiresAt: null }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Only a key sold with a subscription can expire with it" });
    expect(await eventsOf(key.id)).toEqual([
      ["issued", null],
      ["expiry", past.toISOString()],
      ["expiry", "never"],
    ]);
    expect(await deliveriesOf(store.merchant.id)).toHaveLength(2);

    const subscription = await createSubscription(db, store.merchant.id, { status: "suspended" });
    const sold = await issuedKey(store, { data: { paypalSubscriptionId: subscription.paypalSubscriptionId } });
    await store.licenses.setExpiry({ id: sold.key.id, expiry: "subscription", expiresAt: null });
    expect(await store.licenses.get({ id: sold.key.id })).toMatchObject({
      status: "expired",
      expiresWithSubscription: true,
    });
  });

  it("refuses an expiry without a valid date, with the field's message", async () => {
    const store = await licensedStore();
    const { key } = await issuedKey(store);
    await expect(store.licenses.setExpiry({ id: key.id, expiry: "date", expiresAt: null })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      store.licenses.setExpiry({ id: key.id, expiry: "date", expiresAt: new Date("+275760-01-01T00:00:00Z") }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      store.licenses.setExpiry({ id: key.id, expiry: "date", expiresAt: new Date(Number.NaN) }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await eventsOf(key.id)).toEqual([["issued", null]]);
  });

  it("issues one replacement for the same purchase and disables the old key, even when asked twice", async () => {
    const store = await licensedStore({ withWebhook: true });
    const old = await issuedKey(store, {
      instances: ["Laptop"],
      data: { activationLimit: 5, expiresAt: new Date("2030-01-01T00:00:00Z") },
    });

    const [first, second] = await Promise.all([
      store.licenses.replace({ id: old.key.id }),
      store.licenses.replace({ id: old.key.id }),
    ]);
    expect(second.id).toBe(first.id);
    expect(first.id).not.toBe(old.key.id);

    const replacement = await db.licenseKey.findUniqueOrThrow({ where: { id: first.id } });
    expect(replacement).toMatchObject({
      merchantId: store.merchant.id,
      buttonId: store.button.id,
      transactionId: old.payment.id,
      buyerEmail: old.key.buyerEmail,
      activationLimit: 5,
      expiresAt: new Date("2030-01-01T00:00:00Z"),
      replacesId: old.key.id,
      disabledAt: null,
      fromPool: false,
    });
    expect(decryptSecret(replacement.keyEncrypted)).toMatch(/^APP-([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: old.key.id } })).toMatchObject({
      disabledBy: "seller",
    });

    const oldDetail = await store.licenses.get({ id: old.key.id });
    expect(oldDetail).toMatchObject({ status: "disabled", replacedBy: { id: replacement.id } });
    const newDetail = await store.licenses.get({ id: replacement.id });
    expect(newDetail).toMatchObject({ status: "inactive", activations: 0, replaces: { id: old.key.id } });
    expect(await eventsOf(old.key.id)).toEqual([
      ["issued", null],
      ["replaced", `Replaced by …${replacement.keyHint}`],
    ]);
    expect(await eventsOf(replacement.id)).toEqual([["issued", `Replacement for …${old.key.keyHint}`]]);
    const deliveries = await deliveriesOf(store.merchant.id);
    expect(deliveries.map((delivery) => delivery.eventType).sort()).toEqual([
      "license_key.created",
      "license_key.updated",
    ]);
    // The replacement is replaced in turn with a fresh issue key.
    const third = await store.licenses.replace({ id: replacement.id });
    expect(third.id).not.toBe(replacement.id);
    expect(await store.licenses.list({ q: old.key.buyerEmail! })).toMatchObject({ total: 3 });
  });

  it("keeps every key procedure NOT_FOUND for another store's key, and for a pool key", async () => {
    const store = await licensedStore();
    const { key } = await issuedKey(store, { instances: ["Laptop"] });
    const pool = await db.licenseKey.create({
      data: { ...storedKey(`POOL-${unique("")}`), merchantId: store.merchant.id, buttonId: store.button.id },
    });
    const intruder = (await licensedStore()).licenses;
    const notFound = { code: "NOT_FOUND", message: "License key not found" };
    for (const [caller, id] of [
      [intruder, key.id],
      [store.licenses, pool.id],
      [store.licenses, "no-such-key"],
    ] as const) {
      await expect(caller.get({ id })).rejects.toMatchObject(notFound);
      await expect(caller.disable({ id })).rejects.toMatchObject(notFound);
      await expect(caller.enable({ id })).rejects.toMatchObject(notFound);
      await expect(caller.resetActivations({ id })).rejects.toMatchObject(notFound);
      await expect(caller.setExpiry({ id, expiry: "never", expiresAt: null })).rejects.toMatchObject(notFound);
      await expect(caller.replace({ id })).rejects.toMatchObject(notFound);
    }
    expect(await intruder.list({ pop: store.button.id })).toMatchObject({ total: 0, keys: [] });
    expect(await intruder.pops()).not.toContainEqual(expect.objectContaining({ id: store.button.id }));
    // Nothing changed.
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: key.id } })).toMatchObject({ disabledAt: null });
    expect(await db.licenseInstance.count({ where: { licenseKeyId: key.id, deactivatedAt: null } })).toBe(1);
    expect(await db.licenseKey.count({ where: { replacesId: key.id } })).toBe(0);
  });
});

describe("GET /api/exports/license-keys", () => {
  it("needs a signed-in merchant", async () => {
    expect((await download(exportLicenseKeys, "/api/exports/license-keys")).response.status).toBe(401);
  });

  it("exports the store's keys as filtered, with each key, its activations and its payment", async () => {
    const store = await licensedStore();
    const plain = await issuedKey(store, { instances: ["Laptop", "Desk"] });
    const disabled = await issuedKey(store, { data: { disabledAt: new Date(), activationLimit: null } });
    const other = await licensedStore();
    await issuedKey(other);

    session.current = merchantSession(store.merchant);
    const { response, text } = await download(exportLicenseKeys, "/api/exports/license-keys");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="popkit-license-keys-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = records(text);
    expect(rows.map((row) => row["Popkit key ID"]).sort()).toEqual([plain.key.id, disabled.key.id].sort());
    expect(rows.find((row) => row["Popkit key ID"] === plain.key.id)).toEqual({
      Key: plain.plain,
      POP: store.button.name,
      "Buyer email": plain.key.buyerEmail,
      Status: "active",
      "Activations used": "2",
      "Activation limit": "2",
      "Active instances": "Laptop; Desk",
      "Issued at": plain.key.issuedAt!.toISOString(),
      "Expires at": "",
      "Transaction ID": plain.payment.paypalTransactionId,
      "Popkit payment ID": plain.payment.id,
      "Popkit key ID": plain.key.id,
    });
    expect(rows.find((row) => row["Popkit key ID"] === disabled.key.id)).toMatchObject({
      Status: "disabled",
      "Activation limit": "unlimited",
    });

    const filtered = records((await download(exportLicenseKeys, "/api/exports/license-keys?status=disabled")).text);
    expect(filtered.map((row) => row["Popkit key ID"])).toEqual([disabled.key.id]);
    const searched = records(
      (await download(exportLicenseKeys, `/api/exports/license-keys?q=${encodeURIComponent(plain.plain)}`)).text,
    );
    expect(searched.map((row) => row["Popkit key ID"])).toEqual([plain.key.id]);
  });

  it("never exports another store's keys, even filtered by its POP", async () => {
    const store = await licensedStore();
    await issuedKey(store);
    const intruder = await licensedStore();
    session.current = merchantSession(intruder.merchant);
    const { text } = await download(exportLicenseKeys, `/api/exports/license-keys?pop=${store.button.id}`);
    expect(records(text)).toEqual([]);
    expect(text.startsWith('\uFEFF"Key","POP","Buyer email","Status"')).toBe(true);
  });

  it("neutralises formulas in buyer e-mails and instance names", async () => {
    const store = await licensedStore();
    await issuedKey(store, { buyerEmail: "=HYPERLINK(evil)@buyer.test", instances: ["+cmd|' /C calc'!A0"] });
    session.current = merchantSession(store.merchant);
    const { text } = await download(exportLicenseKeys, "/api/exports/license-keys");
    expect(text).toContain(`"'=HYPERLINK(evil)@buyer.test"`);
    expect(text).toContain(`"'+cmd|' /C calc'!A0"`);
    const [row] = records(text);
    expect(row).toMatchObject({
      "Buyer email": "'=HYPERLINK(evil)@buyer.test",
      "Active instances": "'+cmd|' /C calc'!A0",
    });
  });

  it("ignores an unknown status, as the page does", async () => {
    const store = await licensedStore();
    session.current = merchantSession(store.merchant);
    const { response } = await download(exportLicenseKeys, "/api/exports/license-keys?status=nonsense");
    expect(response.status).toBe(200);
  });
});
