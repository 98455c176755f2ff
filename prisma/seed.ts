import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sandboxAccessToken } from "../sandbox/paypal";
import { generateWebhookSecret, newMessageId } from "../src/server/merchant-webhooks/signing";
import { encryptSecret } from "../src/server/platform/crypto";
import type { FileKind, PaymentButton, PrismaClient } from "../src/generated/prisma/client";
import { buildCheckoutSession } from "../tests/factories/checkout-session";
import { createMerchant } from "../tests/factories/merchant";
import { createPaymentButton } from "../tests/factories/payment-button";
import { createSaasUser } from "../tests/factories/saas-user";
import { createSellPage } from "../tests/factories/sell-page";
import { connectPayPal } from "../tests/factories/store-settings";
import { createStoredFile } from "../tests/factories/stored-file";
import { pngFile } from "../tests/support/files";
import { buildSubscription } from "../tests/factories/subscription";
import { buildTransaction } from "../tests/factories/transaction";
import { createWpsButton } from "../tests/factories/wps-button";

export type DemoLogins = {
  merchant: { email: string; password: string };
  staff: { username: string; password: string };
};

/** Demo passwords are random per data directory (never a well-known default) and kept beside the data. */
function demoLogins(dataDir: string): DemoLogins {
  const file = path.join(dataDir, "demo-logins.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as DemoLogins;
  const logins = {
    merchant: { email: "demo@popkit.test", password: randomBytes(6).toString("base64url") },
    staff: { username: "admin", password: randomBytes(9).toString("base64url") },
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(logins, null, 2), { mode: 0o600 });
  return logins;
}

export type DemoSeed = {
  logins: DemoLogins;
  sellPageId: string;
  /** A key the demo sold, once scripts/lib/demo-licenses.ts has seeded it: printed to try the License API with. */
  licenseKey?: string | null;
  /** The demo store's read key to the REST API and a payment to read with it (scripts/lib/demo-api-key.ts). */
  apiKey?: { key: string; paymentId: string | null } | null;
  /** The demo store page's address, once scripts/lib/demo-selling-options.ts has opened it. */
  storeHandle?: string | null;
  /** The local PayPal simulator's API, when it runs: the demo's orders that ship are made there. */
  paypalApiBase?: string;
};

/**
 * Idempotent: running it again leaves existing demo rows (and any changes made to them) alone. `withFiles`: the
 * UploadThing sandbox is running, so the demo sell page gets its image, logo and file (never uploaded to a real
 * UploadThing account).
 */
export async function seedDemo(
  db: PrismaClient,
  dataDir: string,
  options: {
    withFiles: boolean;
    /** The local PayPal simulator, when it runs: the demo's plan and webhook are made there. */
    paypalSimulator?: { apiBase: string; appUrl: string };
  },
): Promise<DemoSeed> {
  const logins = demoLogins(dataDir);
  const merchant = await createMerchant(db, { name: "Demo Merchant", ...logins.merchant });
  await db.storeSettings.upsert({
    where: { merchantId: merchant.id },
    create: { merchantId: merchant.id, storeName: "Demo Store", description: "Templates and guides for makers." },
    update: {},
  });
  await connectDemoPayPal(db, merchant.id);
  await seedDemoButtons(db, merchant.id);
  if (options.paypalSimulator) await wireDemoPayPal(db, merchant.id, options.paypalSimulator);
  await seedDemoWpsButton(db, merchant.id);
  const existing = await db.digitalSellPage.findFirst({
    where: { merchantId: merchant.id, name: DEMO_SELL_PAGE },
    select: { id: true },
  });
  const sellPage = existing ?? (await seedSellPage(db, merchant.id, DEMO_CLIENT_ID, options));
  // The demo account's address counts as verified: no "verify your e-mail" banner on a demo.
  await db.user.updateMany({ where: { id: merchant.id, emailVerified: null }, data: { emailVerified: new Date() } });
  if (!existing && options.withFiles) await seedDemoLibraryPurchase(db, merchant.id, sellPage.id);
  await createSaasUser(db, { ...logins.staff, name: "Demo Admin", email: "admin@popkit.test", role: "super_admin" });
  return { logins, sellPageId: sellPage.id, paypalApiBase: options.paypalSimulator?.apiBase };
}

/** The demo's PayPal app in the local sandbox (which accepts sandboxSecretFor(clientId) as its secret). */
const DEMO_CLIENT_ID = "popkit-demo-sandbox-client";
const DEMO_CLUB = "Pattern Club Monthly";
const DEMO_CLUB_PLUS = "Pattern Club Plus";
/** The demo's subscription plans and their monthly price in the simulator; subscribers may switch between them. */
const DEMO_CLUBS = [
  [DEMO_CLUB, "9.00"],
  [DEMO_CLUB_PLUS, "15.00"],
] as const;
/** The sandbox's Alex Buyer, who subscribes to the Pattern Club and can open the customer portal. */
const DEMO_SUBSCRIBER = { name: "Alex Buyer", email: "alex.buyer@buyer.example.com" };

/** The sandbox credentials, unless the merchant already set their own. */
async function connectDemoPayPal(db: PrismaClient, merchantId: string) {
  const settings = await db.storeSettings.findUnique({ where: { merchantId }, select: { paypalClientId: true } });
  if (settings?.paypalClientId) return;
  await connectPayPal(db, merchantId, DEMO_CLIENT_ID);
}

/**
 * What a seller does once in PayPal's developer dashboard, done in the simulator on every start (its state may
 * have been reset since): the subscription button's plan exists ($9.00 a month), and the app's webhook URL is
 * registered, its id saved in Store Settings, so renewals and refunds made "at PayPal" reach the demo.
 */
async function wireDemoPayPal(db: PrismaClient, merchantId: string, simulator: { apiBase: string; appUrl: string }) {
  const settings = await db.storeSettings.findUnique({ where: { merchantId } });
  if (settings?.paypalClientId !== DEMO_CLIENT_ID) return;
  const paypal = await simulatorClient(simulator.apiBase);
  // Both plans on one PayPal product: PayPal moves a subscription only between plans of the same product.
  const clubs = await db.paymentButton.findMany({
    where: { merchantId, name: { in: DEMO_CLUBS.map(([name]) => name) } },
    select: { id: true, name: true, subscriptionPlanId: true },
  });
  const plans = await Promise.all(
    clubs.map((club) =>
      club.subscriptionPlanId ? paypal("GET", `/v1/billing/plans/${club.subscriptionPlanId}`) : null,
    ),
  );
  if (clubs.length > 0 && !plans.every((plan) => plan?.ok)) {
    const product = await paypal("POST", "/v1/catalogs/products", { name: "Pattern Club", type: "DIGITAL" });
    for (const club of clubs) {
      const price = DEMO_CLUBS.find(([name]) => name === club.name)![1];
      const created = await paypal("POST", "/v1/billing/plans", {
        product_id: product.body.id,
        name: `${club.name} plan`,
        billing_cycles: [
          {
            frequency: { interval_unit: "MONTH", interval_count: 1 },
            tenure_type: "REGULAR",
            sequence: 1,
            total_cycles: 0,
            pricing_scheme: { fixed_price: { value: price, currency_code: "USD" } },
          },
        ],
        payment_preferences: { payment_failure_threshold: 3 },
      });
      await db.paymentButton.update({
        where: { id: club.id },
        data: { subscriptionPlanId: String(created.body.id), planIntervalUnit: "MONTH", planIntervalCount: 1 },
      });
    }
  }
  const url = `${simulator.appUrl.replace(/\/+$/, "")}/api/paypal/webhook`;
  const listed = await paypal("GET", "/v1/notifications/webhooks");
  const webhooks = (listed.body.webhooks ?? []) as { id: string; url: string }[];
  const webhook =
    webhooks.find((hook) => hook.url === url) ??
    (await paypal("POST", "/v1/notifications/webhooks", { url, event_types: [{ name: "*" }] })).body;
  await db.storeSettings.update({ where: { merchantId }, data: { paypalWebhookId: String(webhook.id) } });
  await wireDemoSubscriber(db, merchantId, simulator.apiBase, paypal);
}

/**
 * The demo subscriber's subscription must exist at the simulator too, so that the customer portal's cancel, pause
 * and plan change reach "PayPal": made there and approved by the sandbox's Alex Buyer when the simulator lacks it
 * (its state may have been reset), and our rows moved to its new id.
 */
async function wireDemoSubscriber(
  db: PrismaClient,
  merchantId: string,
  apiBase: string,
  paypal: Awaited<ReturnType<typeof simulatorClient>>,
) {
  const subscription = await db.subscription.findFirst({
    where: { merchantId, payerEmail: DEMO_SUBSCRIBER.email, status: { in: ["active", "suspended"] } },
    select: { id: true, paypalSubscriptionId: true, button: { select: { subscriptionPlanId: true } } },
  });
  const planId = subscription?.button?.subscriptionPlanId;
  if (!subscription || !planId) return;
  if ((await paypal("GET", `/v1/billing/subscriptions/${subscription.paypalSubscriptionId}`)).ok) return;
  const created = await paypal("POST", "/v1/billing/subscriptions", { plan_id: planId });
  const paypalSubscriptionId = String(created.body.id);
  await db.$transaction([
    db.transaction.updateMany({
      where: { paypalSubscriptionId: subscription.paypalSubscriptionId },
      data: { paypalSubscriptionId },
    }),
    db.subscription.update({ where: { id: subscription.id }, data: { paypalSubscriptionId, planId } }),
  ]);
  await fetch(`${apiBase}/__sandbox/subscriptions/${paypalSubscriptionId}/approve`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ buyer: "alex" }),
  });
}

type SimulatorAnswer = { ok: boolean; body: Record<string, unknown> & { id?: unknown; webhooks?: unknown } };

/** A minimal REST caller for the simulator, with the demo app's credentials. */
async function simulatorClient(apiBase: string) {
  const token = await sandboxAccessToken(apiBase, DEMO_CLIENT_ID);
  return async (method: "GET" | "POST", path: string, body?: unknown): Promise<SimulatorAnswer> => {
    const response = await fetch(`${apiBase}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok && method === "POST")
      throw new Error(`PayPal simulator ${method} ${path}: ${response.status} ${text}`);
    return { ok: response.ok, body: text ? (JSON.parse(text) as SimulatorAnswer["body"]) : {} };
  };
}

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/**
 * Two payment buttons and some history for the dashboard and analytics, added once: the demo payments are
 * keyed by fixed PayPal ids, and nothing is added when the first demo button already exists.
 */
async function seedDemoButtons(db: PrismaClient, merchantId: string) {
  const name = "Knitting Pattern Pack";
  if (await db.paymentButton.findFirst({ where: { merchantId, name }, select: { id: true } })) return;
  const pack = await createPaymentButton(db, merchantId, {
    name,
    description: "Twelve beginner-friendly patterns as printable PDFs.",
    paypalClientId: DEMO_CLIENT_ID,
    amountMinor: 1900,
    currency: "USD",
    createdAt: daysAgo(40),
  });
  // The two plans subscribers may switch between; each plan is replaced by one made in the simulator
  // (wireDemoPayPal) when it runs.
  const [club] = (await Promise.all(
    [
      { name: DEMO_CLUB, description: "A new pattern every month.", amountMinor: 900 },
      { name: DEMO_CLUB_PLUS, description: "Two patterns a month and the video lessons.", amountMinor: 1500 },
    ].map((plan, index) =>
      createPaymentButton(db, merchantId, {
        ...plan,
        paypalClientId: DEMO_CLIENT_ID,
        currency: "USD",
        paymentType: "subscription",
        subscriptionPlanId: `P-POPKITDEMOPLAN000000000${index + 1}`,
        planIntervalUnit: "MONTH",
        planIntervalCount: 1,
        styleColor: "blue",
        styleShape: "pill",
        styleLabel: "subscribe",
        portalSwitchable: true,
        createdAt: daysAgo(40),
      }),
    ),
  )) as [PaymentButton, PaymentButton];
  // The customer portal as a seller sets it up: subscribers may pause and switch plans; invoices carry the business.
  await db.storeSettings.update({
    where: { merchantId },
    data: {
      portalAllowPause: true,
      businessLegalName: "Demo Store LLC",
      businessAddress: "1 Maker Lane\nPortland, OR 97201\nUnited States",
      businessTaxId: "US-12-3456789",
    },
  });

  const buyers = [
    ["Alex Buyer", "alex.buyer@buyer.example.com"],
    ["Sam Rivera", "sam.rivera@buyer.example.com"],
    ["Kim Lee", "kim.lee@buyer.example.com"],
  ] as const;
  const sales: { days: number; status: "completed" | "pending" | "failed" }[] = [
    { days: 33, status: "completed" },
    { days: 21, status: "completed" },
    { days: 12, status: "failed" },
    { days: 6, status: "completed" },
    { days: 2, status: "completed" },
    { days: 1, status: "pending" },
  ];
  await db.checkoutSession.createMany({
    data: [...sales, { days: 9 }, { days: 3 }].map(({ days }, index) =>
      buildCheckoutSession(merchantId, {
        buttonId: pack.id,
        paypalOrderId: `DEMO-ORDER-${index + 1}`,
        amountMinor: pack.amountMinor,
        createdAt: daysAgo(days),
      }),
    ),
  });
  await db.transaction.createMany({
    data: sales.map(({ days, status }, index) => {
      const [payerName, payerEmail] = buyers[index % buyers.length]!;
      return buildTransaction(merchantId, {
        buttonId: pack.id,
        paypalOrderId: `DEMO-ORDER-${index + 1}`,
        paypalTransactionId: `DEMOCAPTURE${String(index + 1).padStart(6, "0")}`,
        feeMinor: status === "completed" ? 115 : null,
        payerName,
        payerEmail,
        amountMinor: pack.amountMinor,
        status,
        createdAt: daysAgo(days),
      });
    }),
  });
  // Refunds as the ledger keeps them: $5.00 of the 6-days-ago sale (partially refunded) and all of the
  // 21-days-ago one (refunded), the latter made in PayPal's own dashboard.
  const refunds = [
    { index: 3, amountMinor: 500, days: 5, source: "dashboard" as const, reason: "Missing one pattern" },
    { index: 1, amountMinor: pack.amountMinor, days: 20, source: "paypal" as const, reason: null },
  ];
  for (const refund of refunds) {
    const payment = await db.transaction.findUniqueOrThrow({
      where: { paypalOrderId: `DEMO-ORDER-${refund.index + 1}` },
    });
    await db.refund.create({
      data: {
        merchantId,
        transactionId: payment.id,
        buttonKey: pack.id,
        paypalRefundId: `DEMOREFUND${String(refund.index + 1).padStart(7, "0")}`,
        source: refund.source,
        amountMinor: refund.amountMinor,
        currency: "USD",
        paypalStatus: "COMPLETED",
        reason: refund.reason,
        createdAt: daysAgo(refund.days),
      },
    });
    await db.transaction.update({
      where: { id: payment.id },
      data: {
        refundedMinor: refund.amountMinor,
        status: refund.amountMinor === payment.amountMinor ? "refunded" : "partially_refunded",
      },
    });
  }
  await seedDemoWebhooks(db, merchantId);
  // A subscriber of two months: two monthly sales (the sign-up's and one renewal), the next one due in 15 days.
  const subscriptionId = "I-DEMOSUBSCRIBER1";
  await db.subscription.create({
    data: buildSubscription(merchantId, {
      buttonId: club.id,
      paypalSubscriptionId: subscriptionId,
      planId: "P-POPKITDEMOPLAN0000000001",
      amountMinor: club.amountMinor,
      payerName: DEMO_SUBSCRIBER.name,
      payerEmail: DEMO_SUBSCRIBER.email,
      createdAt: daysAgo(45),
      lastPaymentAt: daysAgo(15),
      nextBillingAt: daysAgo(-15),
    }),
  });
  let latestSale = "";
  for (const [index, days] of [45, 15].entries()) {
    latestSale = (
      await db.transaction.create({
        data: buildTransaction(merchantId, {
          buttonId: club.id,
          paypalOrderId: null,
          paypalTransactionId: `DEMOSALE${String(index + 1).padStart(9, "0")}`,
          paypalSubscriptionId: subscriptionId,
          payerName: DEMO_SUBSCRIBER.name,
          payerEmail: DEMO_SUBSCRIBER.email,
          amountMinor: club.amountMinor,
          feeMinor: 80,
          createdAt: daysAgo(days),
        }),
      })
    ).id;
  }
  // The renewal's receipt, sent to the local inbox shortly after start-up: its link opens the customer portal.
  await db.emailMessage.create({
    data: {
      template: "receipt",
      toAddress: DEMO_SUBSCRIBER.email,
      dedupeKey: `receipt:${latestSale}`,
      payload: { transactionId: latestSale },
      merchantId,
      createdAt: new Date(Date.now() - 2 * 60_000),
    },
  });
}

/**
 * A store webhook with a signing secret and two deliveries in its log (a test event and a payment, both
 * answered 200), so Store Settings' Webhooks card and the delivery log have something to show. New events go to
 * the same example URL: offline, the log shows their failing attempts and retries.
 */
async function seedDemoWebhooks(db: PrismaClient, merchantId: string) {
  const url = "https://hooks.example.com/popkit";
  await db.storeSettings.update({
    where: { merchantId },
    data: {
      webhookUrl: url,
      webhookSecretEncrypted: encryptSecret(generateWebhookSecret()),
      webhookSecretCreatedAt: daysAgo(30),
    },
  });
  const history = [
    { type: "test.ping", days: 30, data: { message: "A test event from Popkit." } },
    { type: "payment.completed", days: 2, data: { id: "DEMOCAPTURE000005", amount: 1900, currency: "USD" } },
  ];
  for (const event of history) {
    const at = daysAgo(event.days);
    const delivery = await db.webhookDelivery.create({
      data: {
        id: newMessageId(),
        merchantId,
        url,
        eventType: event.type,
        payload: JSON.stringify({ type: event.type, timestamp: at.toISOString(), data: event.data }),
        state: "succeeded",
        attempts: 1,
        lastStatusCode: 200,
        lastAttemptAt: at,
        deliveredAt: at,
        createdAt: at,
      },
    });
    await db.webhookDeliveryAttempt.create({
      data: { deliveryId: delivery.id, at, statusCode: 200, responseBody: '{"ok":true}', durationMs: 142 },
    });
  }
}

/**
 * A WPS Buy Now button with three sizes, tax and shipping, and one payment as a verified IPN records it: the WPS
 * tab, its analytics, Payments and the way off WPS all have something to show. Pays in the local sandbox.
 */
async function seedDemoWpsButton(db: PrismaClient, merchantId: string) {
  const itemName = "Botanical Art Print";
  if (await db.wpsButton.findFirst({ where: { merchantId, itemName }, select: { id: true } })) return;
  const button = await createWpsButton(db, merchantId, {
    paypalMerchantIdentifier: "demo-seller@popkit.test",
    itemName,
    itemNumber: "PRINT-01",
    priceOptions: [
      { label: "A4", amountMinor: 1500 },
      { label: "A3", amountMinor: 2500 },
      { label: "A2", amountMinor: 4000 },
    ],
    taxRate: "8.25",
    shippingCostMinor: 500,
    noShipping: 0,
    createdAt: daysAgo(20),
  });
  await db.wpsTransaction.create({
    data: {
      merchantId,
      buttonId: button.id,
      txnId: "DEMOWPSTXN0000001",
      txnType: "web_accept",
      paymentStatus: "Completed",
      status: "completed",
      // A3: 25.00 + 8.25 % tax (2.06) + 5.00 shipping.
      amountMinor: 3206,
      currency: "USD",
      // The demo subscriber: their customer portal shows a WPS payment beside their subscription.
      payerEmail: DEMO_SUBSCRIBER.email,
      payerName: DEMO_SUBSCRIBER.name,
      receiverEmail: "demo-seller@popkit.test",
      itemName,
      optionSelected: "A3",
      rawIpn: "txn_id=DEMOWPSTXN0000001&payment_status=Completed&mc_gross=32.06&mc_currency=USD (demo data)",
      createdAt: daysAgo(4),
    },
  });
}

/**
 * A buyer who bought the sell page yesterday, with the receipt and sale alert that purchase sent: they are
 * recorded as sent mail is (src/server/email), already a minute old, so the app's mail sweep sends them to the
 * local inbox shortly after start-up, and the receipt's library link opens the buyer's library.
 */
async function seedDemoLibraryPurchase(db: PrismaClient, merchantId: string, sellPageId: string) {
  const button = await db.paymentButton.findFirstOrThrow({ where: { sellPageId, bundleTier: "premium" } });
  const sale = await db.transaction.create({
    data: buildTransaction(merchantId, {
      buttonId: button.id,
      sellPageId,
      bundleTier: "premium",
      paypalOrderId: "DEMOORDERLIBRARY01",
      paypalTransactionId: "DEMOCAPTURELIBRARY1",
      payerName: "Jo Park",
      payerEmail: "jo.park@buyer.example.com",
      amountMinor: button.amountMinor,
      createdAt: daysAgo(1),
    }),
  });
  const merchant = await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { email: true } });
  const recorded = new Date(Date.now() - 2 * 60_000);
  await db.emailMessage.createMany({
    skipDuplicates: true,
    data: [
      { template: "receipt", toAddress: "jo.park@buyer.example.com", dedupeKey: `receipt:${sale.id}` },
      { template: "sale-alert", toAddress: merchant.email, dedupeKey: `sale-alert:${sale.id}` },
    ].map((mail) => ({ ...mail, payload: { transactionId: sale.id }, merchantId, createdAt: recorded })),
  });
}

const DEMO_SELL_PAGE = "Ultimate Knitting Guide";
export const DEMO_IMAGE = { width: 800, height: 600, bytes: 120_000 };

/**
 * A digital sell page as a merchant fills it in: both bundles and, `withFiles`, a product image and logo of the
 * sizes exported for the web (real PNGs padded to them) and a file to sell. Also what the sell-page bench
 * measures (scripts/bench/lib/sell-page-seed.ts).
 */
export async function seedSellPage(
  db: PrismaClient,
  merchantId: string,
  paypalClientId: string,
  { withFiles }: { withFiles: boolean },
) {
  const upload = async (kind: FileKind, name: string, content: Uint8Array | string) =>
    withFiles ? (await createStoredFile(db, merchantId, kind, { content, name })).id : null;
  return createSellPage(db, merchantId, {
    name: DEMO_SELL_PAGE,
    description:
      "Patterns, techniques and fixes for every knitter, from your first cast-on to colourwork.\n\n" +
      "120 patterns with charts and written instructions, sized from baby to XXL, and a troubleshooting " +
      "section for dropped stitches, uneven tension and everything in between.",
    paypalClientId,
    productImageId: await upload(
      "product_image",
      "cover.png",
      pngFile({ ...DEMO_IMAGE, rgb: [180, 60, 90], totalBytes: DEMO_IMAGE.bytes }),
    ),
    merchantLogoId: await upload("merchant_logo", "logo.png", pngFile({ width: 240, height: 96, totalBytes: 12_000 })),
    downloadableFileId: await upload("downloadable_file", "knitting-guide.pdf", "%PDF-1.7\nthe guide"),
    basicName: "Basic",
    basicPriceMinor: 2999,
    basicOriginalPriceMinor: 3999,
    basicFeatures: ["120 patterns (PDF)", "Technique guide", "Lifetime updates"],
    premiumEnabled: true,
    premiumName: "Premium",
    premiumPriceMinor: 4999,
    premiumOriginalPriceMinor: 6999,
    premiumFeatures: ["Everything in Basic", "40 video lessons", "Printable charts", "Private community access"],
  });
}

export function printDemoLogins({ logins, sellPageId, licenseKey, storeHandle, apiKey }: DemoSeed, appUrl: string) {
  console.log(
    [
      "",
      "Demo log-ins (demo mode only; change or remove them before real use):",
      `  Merchant  ${appUrl}/auth             email ${logins.merchant.email}  password ${logins.merchant.password}`,
      `  Staff     ${appUrl}/saas-admin/auth  username ${logins.staff.username}  password ${logins.staff.password}`,
      `  A buyer's page (pay in the PayPal sandbox): ${appUrl}/digital-sell/${sellPageId}`,
      ...(storeHandle ? [`  The store page with a cart: ${appUrl}/s/${storeHandle}`] : []),
      `  A subscriber's customer portal: ${appUrl}/portal  (sign in as ${DEMO_SUBSCRIBER.email}; the link arrives by e-mail)`,
      ...(licenseKey
        ? [
            `  A license key sold to a buyer (two activations of three): ${licenseKey}`,
            `    try: curl -d license_key=${licenseKey} ${appUrl}/api/v1/licenses/validate`,
          ]
        : []),
      ...(apiKey?.paymentId
        ? [
            `  The demo store's read key to the REST API: ${apiKey.key}`,
            `    try: curl -H "Authorization: Bearer ${apiKey.key}" ${appUrl}/api/v1/payments/${apiKey.paymentId}`,
          ]
        : []),
      ...(process.env.MAIL_INBOX_URL
        ? [`  E-mail the app sent (receipts, sale alerts, password resets): ${process.env.MAIL_INBOX_URL}`]
        : []),
      "",
    ].join("\n"),
  );
}
