// The demo store's read key to the public REST API, printed with the demo log-ins. Derived from the demo's own
// ENCRYPTION_KEY (generated per data dir), so every `npm start` prints the same working key without keeping it.
import { createHmac } from "node:crypto";
import type { PrismaClient } from "../../src/generated/prisma/client";
import type { DemoSeed } from "../../prisma/seed";
import { hashSecretToken } from "../../src/server/platform/secret-tokens";

export async function seedDemoApiKey(db: PrismaClient, seeded: DemoSeed) {
  const secret = process.env.ENCRYPTION_KEY;
  if (!secret) return;
  const merchant = await db.merchant.findFirstOrThrow({
    where: { email: seeded.logins.merchant.email },
    select: { id: true },
  });
  const key = `pk_test_${createHmac("sha256", secret).update("popkit-demo-api-key").digest("base64url").slice(0, 32)}`;
  const keyHash = hashSecretToken(key);
  await db.apiKey.upsert({
    where: { keyHash },
    create: { merchantId: merchant.id, name: "Demo read key", scope: "read", prefix: key.slice(0, 12), keyHash },
    update: {},
  });
  const payment = await db.transaction.findFirst({
    where: { merchantId: merchant.id, status: "completed" },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  seeded.apiKey = { key, paymentId: payment?.id ?? null };
}
