import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { unique } from "./unique";

/** A WPS button row; the merchant identifier is a unique e-mail, so each test has its own PayPal account. */
export function buildWpsButton(merchantId: string, overrides: Partial<Prisma.WpsButtonUncheckedCreateInput> = {}) {
  return {
    merchantId,
    paypalMerchantIdentifier: `${unique("seller")}@business.example.com`,
    environment: "sandbox" as const,
    itemName: `Poster ${unique("")}`,
    itemNumber: "P-1",
    currency: "USD" as const,
    priceOptions: [{ label: "Default value", amountMinor: 1000 }],
    noShipping: 2,
    shippingCostMinor: 0,
    taxRate: "0",
    ...overrides,
  } satisfies Prisma.WpsButtonUncheckedCreateInput;
}

/**
 * `pdtToken` is stored encrypted, as the wps router stores it. The crypto module (which needs ENCRYPTION_KEY) loads
 * only then, so e2e specs, whose processes have no app environment, can make buttons without a token.
 */
export async function createWpsButton(
  db: PrismaClient,
  merchantId: string,
  overrides: Partial<Prisma.WpsButtonUncheckedCreateInput> & { pdtToken?: string } = {},
) {
  const { pdtToken, ...rest } = overrides;
  const pdtTokenEncrypted = pdtToken
    ? (await import("../../src/server/platform/crypto")).encryptSecret(pdtToken)
    : undefined;
  return db.wpsButton.create({
    data: { ...buildWpsButton(merchantId, rest), ...(pdtTokenEncrypted && { pdtTokenEncrypted }) },
  });
}
