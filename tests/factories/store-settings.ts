import { sandboxSecretFor } from "../../sandbox/paypal";
import type { PrismaClient } from "../../src/generated/prisma/client";
import { encryptSecret } from "../../src/server/platform/crypto";

/**
 * Connects a merchant to the PayPal sandbox: a client ID and the secret the sandbox expects for it, stored
 * encrypted as Store Settings stores it. Needs ENCRYPTION_KEY in the environment (tests and the demo have one).
 */
export async function connectPayPal(db: PrismaClient, merchantId: string, clientId = `client-${merchantId}`) {
  const data = {
    paypalClientId: clientId,
    paypalSecretEncrypted: encryptSecret(sandboxSecretFor(clientId)),
    paypalEnvironment: "sandbox" as const,
  };
  await db.storeSettings.upsert({
    where: { merchantId },
    create: { merchantId, storeName: "Test Store", ...data },
    update: data,
  });
  return { clientId, secret: sandboxSecretFor(clientId) };
}
