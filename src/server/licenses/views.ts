// What a license key looks like to the outside: its status as Lemon Squeezy's License API names it, and the
// `license_key` and `meta` objects its answers (and our license_key.* webhooks) carry.
import type { Prisma } from "~/generated/prisma/client";
import type { SubscriptionStatus } from "~/generated/prisma/enums";
import { decryptSecret } from "~/server/platform/crypto";
import { pausedByOpenCase } from "~/server/disputes/paused";

type Client = Pick<Prisma.TransactionClient, "licenseKey" | "licenseInstance" | "subscription" | "dispute">;

export type LicenseStatus = "inactive" | "active" | "expired" | "disabled";

/**
 * disabled (by the seller or a full refund) before expired (its date passed, or its subscription is not active),
 * before active (at least one activation), else inactive.
 */
export function licenseStatus(
  key: { disabledAt: Date | null; expiresAt: Date | null; expiresWithSubscription: boolean },
  activations: number,
  subscriptionStatus: SubscriptionStatus | null,
  now = new Date(),
): LicenseStatus {
  if (key.disabledAt) return "disabled";
  if (key.expiresAt && key.expiresAt <= now) return "expired";
  if (key.expiresWithSubscription && subscriptionStatus !== "active") return "expired";
  return activations > 0 ? "active" : "inactive";
}

export const licenseKeySelect = {
  id: true,
  merchantId: true,
  buttonId: true,
  transactionId: true,
  paypalSubscriptionId: true,
  issueKey: true,
  keyEncrypted: true,
  keyHint: true,
  buyerEmail: true,
  activationLimit: true,
  expiresAt: true,
  expiresWithSubscription: true,
  disabledAt: true,
  disabledBy: true,
  issuedAt: true,
  createdAt: true,
  button: { select: { name: true, bundleTier: true, sellPage: { select: { name: true } } } },
  transaction: { select: { payerName: true } },
  merchant: { select: { storeSettings: { select: { paypalEnvironment: true } } } },
} satisfies Prisma.LicenseKeySelect;

export type LicenseKeyRow = Prisma.LicenseKeyGetPayload<{ select: typeof licenseKeySelect }>;

/** A key's row with what its status needs: active activations and its subscription's status. */
export async function loadLicenseKey(client: Client, where: Prisma.LicenseKeyWhereUniqueInput) {
  const key = await client.licenseKey.findUnique({ where, select: licenseKeySelect });
  if (!key) return null;
  return withStatus(client, key);
}

export async function withStatus(client: Client, key: LicenseKeyRow) {
  const [activations, pausingCases, subscription] = await Promise.all([
    client.licenseInstance.count({ where: { licenseKeyId: key.id, deactivatedAt: null } }),
    key.transactionId ? client.dispute.count({ where: { transactionId: key.transactionId, ...pausedByOpenCase } }) : 0,
    key.expiresWithSubscription && key.paypalSubscriptionId
      ? client.subscription.findUnique({
          where: { paypalSubscriptionId: key.paypalSubscriptionId },
          select: { status: true },
        })
      : null,
  ]);
  return {
    ...key,
    activations,
    /** Paused by the seller while a PayPal case about its purchase is open: refused like a disabled key. */
    paused: pausingCases > 0,
    status: licenseStatus(key, activations, subscription?.status ?? null),
  };
}

export type LicenseKeyWithStatus = NonNullable<Awaited<ReturnType<typeof loadLicenseKey>>>;

/** What the POP is called to a buyer: the button's name, or the sell page's with its bundle. */
export function productNameOf(key: Pick<LicenseKeyRow, "button">): string {
  const page = key.button.sellPage?.name;
  if (!page) return key.button.name;
  return key.button.bundleTier === "premium" ? `${page} (Premium)` : page;
}

/** The `license_key` object of Lemon Squeezy's License API answers. */
export function licenseKeyObject(key: LicenseKeyWithStatus) {
  return {
    id: key.id,
    status: key.status,
    key: decryptSecret(key.keyEncrypted),
    activation_limit: key.activationLimit,
    activation_usage: key.activations,
    created_at: (key.issuedAt ?? key.createdAt).toISOString(),
    expires_at: key.expiresAt?.toISOString() ?? null,
    test_mode: key.merchant.storeSettings?.paypalEnvironment !== "live",
  };
}

/** The `meta` object: which store, payment and POP the key was bought with, and by whom. */
export function licenseMetaObject(key: LicenseKeyWithStatus) {
  return {
    store_id: key.merchantId,
    order_id: key.transactionId,
    order_item_id: key.issueKey,
    product_id: key.buttonId,
    product_name: productNameOf(key),
    variant_id: key.button.bundleTier,
    variant_name: key.button.bundleTier ?? "Default",
    customer_id: null,
    customer_name: key.transaction?.payerName ?? null,
    customer_email: key.buyerEmail,
  };
}

/** A license_key.* merchant webhook's data: the key as the License API shows it, with its meta. */
export async function licenseEventData(client: Client, keyId: string): Promise<Record<string, unknown>> {
  const key = await loadLicenseKey(client, { id: keyId });
  if (!key) throw new Error(`licenseEventData: no key ${keyId}`);
  return { license_key: licenseKeyObject(key), meta: licenseMetaObject(key) };
}
