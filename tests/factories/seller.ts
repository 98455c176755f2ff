import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { createMerchant } from "./merchant";
import { createPaymentButton } from "./payment-button";
import { connectPayPal } from "./store-settings";

/**
 * A merchant who can take payments: connected to the PayPal sandbox, with one button on that app (10.00 USD
 * one-time unless overridden). `secret` is the app's secret, for a test that calls PayPal as the merchant.
 */
export async function createSeller(
  db: PrismaClient,
  overrides: Partial<Prisma.PaymentButtonUncheckedCreateInput> = {},
) {
  const merchant = await createMerchant(db);
  const { clientId, secret } = await connectPayPal(db, merchant.id);
  const button = await createPaymentButton(db, merchant.id, { paypalClientId: clientId, ...overrides });
  return { merchant, clientId, secret, button };
}
