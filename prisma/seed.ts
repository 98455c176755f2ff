import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SANDBOX_WEBHOOK_ID } from "../sandbox/paypal";
import type { FileKind, PrismaClient } from "../src/generated/prisma/client";
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

export type DemoSeed = { logins: DemoLogins; sellPageId: string };

/**
 * Idempotent: running it again leaves existing demo rows (and any changes made to them) alone. `withFiles`: the
 * UploadThing sandbox is running, so the demo sell page gets its image, logo and file (never uploaded to a real
 * UploadThing account).
 */
export async function seedDemo(db: PrismaClient, dataDir: string, options: { withFiles: boolean }): Promise<DemoSeed> {
  const logins = demoLogins(dataDir);
  const merchant = await createMerchant(db, { name: "Demo Merchant", ...logins.merchant });
  await db.storeSettings.upsert({
    where: { merchantId: merchant.id },
    create: { merchantId: merchant.id, storeName: "Demo Store", description: "Templates and guides for makers." },
    update: {},
  });
  await connectDemoPayPal(db, merchant.id);
  await seedDemoButtons(db, merchant.id);
  await seedDemoWpsButton(db, merchant.id);
  const existing = await db.digitalSellPage.findFirst({
    where: { merchantId: merchant.id, name: DEMO_SELL_PAGE },
    select: { id: true },
  });
  const sellPage = existing ?? (await seedSellPage(db, merchant.id, DEMO_CLIENT_ID, options));
  await createSaasUser(db, { ...logins.staff, name: "Demo Admin", email: "admin@popkit.test", role: "super_admin" });
  return { logins, sellPageId: sellPage.id };
}

/** The demo's PayPal app in the local sandbox (which accepts sandboxSecretFor(clientId) as its secret). */
const DEMO_CLIENT_ID = "popkit-demo-sandbox-client";
const DEMO_PLAN_ID = "P-POPKITDEMOPLAN00000000001";

/** Credentials and the sandbox's webhook id, unless the merchant already set their own. */
async function connectDemoPayPal(db: PrismaClient, merchantId: string) {
  const settings = await db.storeSettings.findUnique({ where: { merchantId }, select: { paypalClientId: true } });
  if (settings?.paypalClientId) return;
  await connectPayPal(db, merchantId, DEMO_CLIENT_ID);
  await db.storeSettings.update({ where: { merchantId }, data: { paypalWebhookId: SANDBOX_WEBHOOK_ID } });
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
  const club = await createPaymentButton(db, merchantId, {
    name: "Pattern Club Monthly",
    description: "A new pattern every month.",
    paypalClientId: DEMO_CLIENT_ID,
    amountMinor: 900,
    currency: "USD",
    paymentType: "subscription",
    subscriptionPlanId: DEMO_PLAN_ID,
    styleColor: "blue",
    styleShape: "pill",
    styleLabel: "subscribe",
    createdAt: daysAgo(40),
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
        paypalCaptureId: `DEMO-CAPTURE-${index + 1}`,
        payerName,
        payerEmail,
        amountMinor: pack.amountMinor,
        status,
        createdAt: daysAgo(days),
      });
    }),
  });
  // A subscriber, recorded as the checkout does: a Subscription plus the first cycle's payment.
  const subscriptionId = "I-DEMOSUBSCRIBER1";
  await db.subscription.create({
    data: buildSubscription(merchantId, {
      buttonId: club.id,
      paypalSubscriptionId: subscriptionId,
      planId: DEMO_PLAN_ID,
      amountMinor: club.amountMinor,
      payerName: "Sam Rivera",
      payerEmail: "sam.rivera@buyer.example.com",
      createdAt: daysAgo(15),
    }),
  });
  await db.transaction.create({
    data: buildTransaction(merchantId, {
      buttonId: club.id,
      paypalOrderId: subscriptionId,
      paypalSubscriptionId: subscriptionId,
      payerName: "Sam Rivera",
      payerEmail: "sam.rivera@buyer.example.com",
      amountMinor: club.amountMinor,
      createdAt: daysAgo(15),
    }),
  });
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
      payerEmail: "kim.lee@buyer.example.com",
      payerName: "Kim Lee",
      receiverEmail: "demo-seller@popkit.test",
      itemName,
      optionSelected: "A3",
      rawIpn: "txn_id=DEMOWPSTXN0000001&payment_status=Completed&mc_gross=32.06&mc_currency=USD (demo data)",
      createdAt: daysAgo(4),
    },
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

export function printDemoLogins({ logins, sellPageId }: DemoSeed, appUrl: string) {
  console.log(
    [
      "",
      "Demo log-ins (demo mode only; change or remove them before real use):",
      `  Merchant  ${appUrl}/auth             email ${logins.merchant.email}  password ${logins.merchant.password}`,
      `  Staff     ${appUrl}/saas-admin/auth  username ${logins.staff.username}  password ${logins.staff.password}`,
      `  A buyer's page (pay in the PayPal sandbox): ${appUrl}/digital-sell/${sellPageId}`,
      "",
    ].join("\n"),
  );
}
