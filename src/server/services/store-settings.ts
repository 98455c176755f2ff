import "server-only";
import { db } from "~/server/db";
import { encryptSecret } from "~/server/crypto";
import type { UpdateStoreSettingsInput } from "~/schemas/store-settings";

/** What the settings form shows: the PayPal secret is never sent back, only whether one is saved. */
export async function getStoreSettings(merchantId: string) {
  const [merchant, settings] = await Promise.all([
    db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { name: true } }),
    db.storeSettings.findUnique({ where: { merchantId } }),
  ]);
  return {
    storeName: settings?.storeName ?? merchant.name,
    description: settings?.description ?? "",
    websiteUrl: settings?.websiteUrl ?? "",
    paypalClientId: settings?.paypalClientId ?? "",
    paypalEnvironment: settings?.paypalEnvironment ?? "sandbox",
    hasPaypalSecret: Boolean(settings?.paypalSecretEncrypted),
  };
}

export async function updateStoreSettings(merchantId: string, input: UpdateStoreSettingsInput) {
  const secret = input.paypalSecret ? { paypalSecretEncrypted: encryptSecret(input.paypalSecret) } : {};
  const fields = {
    storeName: input.storeName,
    description: input.description || null,
    websiteUrl: input.websiteUrl || null,
    paypalClientId: input.paypalClientId || null,
    paypalEnvironment: input.paypalEnvironment,
  };
  await db.storeSettings.upsert({
    where: { merchantId },
    create: { merchantId, ...fields, ...secret },
    update: { ...fields, ...secret },
  });
  return getStoreSettings(merchantId);
}
