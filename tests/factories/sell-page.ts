import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { sellPageDefaults, type SellPageInput } from "../../src/schemas/sell-pages";
import { unique } from "./unique";

/** The create form's values: its defaults with a unique name and a client ID. */
export function buildSellPageInput(overrides: Partial<SellPageInput> = {}): SellPageInput {
  return {
    ...sellPageDefaults,
    name: `Page ${unique("")}`,
    description: "A digital product for tests",
    paypalClientId: "client-test",
    ...overrides,
  };
}

type SellPageOverrides = Partial<Omit<Prisma.DigitalSellPageUncheckedCreateInput, "merchantId">>;

/**
 * A saved page with its bundle buttons, written directly (not through the service), e.g. to give a test
 * transactions to count. Premium gets its button only when enabled, as the service does.
 */
export async function createSellPage(db: PrismaClient, merchantId: string, overrides: SellPageOverrides = {}) {
  const data = {
    merchantId,
    name: `Page ${unique("")}`,
    description: "A digital product for tests",
    basicName: "Basic",
    basicPriceMinor: 2999,
    basicOriginalPriceMinor: 3999,
    basicFeatures: ["PDF guide"],
    paypalClientId: `client-${merchantId}`,
    currency: "USD" as const,
    ...overrides,
  } satisfies Prisma.DigitalSellPageUncheckedCreateInput;
  const page = await db.digitalSellPage.create({ data });
  const button = (tier: "basic" | "premium", bundleName: string, amountMinor: number) =>
    db.paymentButton.create({
      data: {
        merchantId,
        name: `${page.name} - ${bundleName}`,
        paypalClientId: page.paypalClientId,
        amountMinor,
        currency: page.currency,
        paymentType: "one_time",
        buttonType: "bundle",
        sellPageId: page.id,
        bundleTier: tier,
        isActive: page.isActive,
      },
    });
  const basicButton = await button("basic", page.basicName, page.basicPriceMinor);
  const premiumButton =
    page.premiumEnabled && page.premiumName && page.premiumPriceMinor !== null
      ? await button("premium", page.premiumName, page.premiumPriceMinor)
      : null;
  return { ...page, basicButton, premiumButton };
}
