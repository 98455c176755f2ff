// The demo's software product: a payment button that issues license keys from a pool of imported keys, and a sale
// whose key two machines activated, so "License keys", the payment, the portal and the public License API all have
// something to show. Added after prisma/seed.ts's seedDemo by the same callers. Idempotent: an existing product is
// left alone.
import type { PrismaClient } from "../../src/generated/prisma/client";
import type { DemoSeed } from "../../prisma/seed";
import { generateKey } from "../../src/server/licenses/key-format";
import { issueLicenseKeys } from "../../src/server/licenses/issuing";
import { storedKey } from "../../src/server/licenses/keys";
import { decryptSecret } from "../../src/server/platform/crypto";
import { createPaymentButton } from "../../tests/factories/payment-button";
import { buildTransaction } from "../../tests/factories/transaction";

export const DEMO_SOFTWARE = "Pixel Palette Pro";
const PREFIX = "PXP-";
const POOL_SIZE = 12;
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

export async function seedDemoLicenses(db: PrismaClient, seeded: DemoSeed): Promise<void> {
  const merchant = await db.merchant.findFirstOrThrow({
    where: { email: seeded.logins.merchant.email },
    select: { id: true, storeSettings: { select: { paypalClientId: true } } },
  });
  if (await db.paymentButton.findFirst({ where: { merchantId: merchant.id, name: DEMO_SOFTWARE } })) return;
  const button = await createPaymentButton(db, merchant.id, {
    name: DEMO_SOFTWARE,
    description: "The colour-palette app for pattern designers. One license key per seat, three computers each.",
    paypalClientId: merchant.storeSettings?.paypalClientId ?? "popkit-demo-sandbox-client",
    amountMinor: 2900,
    currency: "USD",
    maxQuantity: 5,
    createdAt: daysAgo(10),
  });
  await db.licensePolicy.create({
    data: { buttonId: button.id, merchantId: merchant.id, activationLimit: 3, expiry: "never", keyPrefix: PREFIX },
  });
  // Keys the seller generated in their own licensing tool and imported: handed out before generated ones.
  await db.licenseKey.createMany({
    data: Array.from({ length: POOL_SIZE }, (_, index) => ({
      ...storedKey(generateKey(PREFIX)),
      merchantId: merchant.id,
      buttonId: button.id,
      fromPool: true,
      createdAt: new Date(daysAgo(9).getTime() + index),
    })),
  });
  // A sale recorded as the ledger records one: the key is issued in the payment's own transaction.
  const sale = await db.transaction.create({
    data: buildTransaction(merchant.id, {
      buttonId: button.id,
      paypalOrderId: "DEMOORDERSOFTWARE1",
      paypalTransactionId: "DEMOCAPTURESOFTWARE1",
      payerName: "Sam Rivera",
      payerEmail: "sam.rivera@buyer.example.com",
      amountMinor: 2900,
      createdAt: daysAgo(2),
    }),
  });
  await db.$transaction((tx) => issueLicenseKeys(tx, sale.id));
  const key = await db.licenseKey.findFirstOrThrow({ where: { transactionId: sale.id } });
  for (const [name, days] of [
    ["Sam's MacBook Pro", 2],
    ["Studio iMac", 1],
  ] as const) {
    await db.licenseInstance.create({
      data: { licenseKeyId: key.id, name, createdAt: daysAgo(days), lastSeenAt: daysAgo(0) },
    });
    await db.licenseKeyEvent.create({
      data: { licenseKeyId: key.id, kind: "activated", detail: name, createdAt: daysAgo(days) },
    });
  }
}

/** The demo sale's key, for the printed demo log-ins (try it with the License API). */
export async function demoLicenseKey(db: PrismaClient): Promise<string | null> {
  const key = await db.licenseKey.findFirst({
    where: { transaction: { paypalOrderId: "DEMOORDERSOFTWARE1" } },
    select: { keyEncrypted: true },
  });
  return key ? decryptSecret(key.keyEncrypted) : null;
}
