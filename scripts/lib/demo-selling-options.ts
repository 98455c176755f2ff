// The demo store's payment buttons with the buyer's choices (pay what you want, quantity, stock), added after prisma/seed.ts's seedDemo by
// the same callers: one where buyers name their price, one with a quantity field and limited stock; the demo
// sell page's order bump (the art print) and one-click upsell (the zine); and the store page /s/demo-store listing
// the sell page and the store's one-time buttons. Idempotent: a button that exists (by name) is left alone, edits
// included, a page whose offers were set is not touched, and a store page once set up is left as the seller keeps it.
import type { PrismaClient } from "../../src/generated/prisma/client";
// A type import only: the seed module reads the app's environment when loaded, which start.ts sets up later.
import type { DemoSeed } from "../../prisma/seed";

export async function seedDemoSellingOptions(db: PrismaClient, seeded: DemoSeed) {
  const merchant = await db.merchant.findFirstOrThrow({
    where: { email: seeded.logins.merchant.email },
    select: { id: true, storeSettings: { select: { paypalClientId: true } } },
  });
  const paypalClientId = merchant.storeSettings?.paypalClientId ?? "popkit-demo-sandbox-client";
  const buttons = [
    {
      name: "Colour Theory Zine (pay what you want)",
      description: "A 24-page zine on colour for knitters. Pay what you think it is worth, from $3.",
      amountMinor: 800,
      payWhatYouWant: true,
      minimumAmountMinor: 300,
    },
    {
      name: "Limited Art Print",
      description: "A signed A3 print of the pattern-pack cover. 8 made; at most 3 per order.",
      amountMinor: 2500,
      maxQuantity: 3,
      stockLimit: 8,
      // A print is posted: PayPal asks the buyer for the address on their account.
      ships: true,
    },
  ];
  for (const button of buttons) {
    if (await db.paymentButton.findFirst({ where: { merchantId: merchant.id, name: button.name } })) continue;
    await db.paymentButton.create({
      data: { merchantId: merchant.id, paypalClientId, currency: "USD", paymentType: "one_time", ...button },
    });
  }
  seeded.storeHandle = await openDemoStorePage(db, merchant.id, seeded.sellPageId);
  const page = await db.digitalSellPage.findFirst({ where: { id: seeded.sellPageId, merchantId: merchant.id } });
  if (!page || page.bumpButtonId || page.upsellButtonId) return;
  const byName = async (name: string) =>
    (await db.paymentButton.findFirstOrThrow({ where: { merchantId: merchant.id, name } })).id;
  const offers = {
    bumpButtonId: await byName("Limited Art Print"),
    bumpPriceMinor: 1500,
    bumpPitch: "Add the signed cover print, $10 off its usual price.",
    upsellButtonId: await byName("Colour Theory Zine (pay what you want)"),
    upsellPriceMinor: 500,
    upsellHeadline: "Wait! Add the colour theory zine for $5?",
    upsellDeclineText: "No thanks, just the patterns",
  };
  await db.digitalSellPage.update({ where: { id: page.id }, data: offers });
  await db.paymentButton.updateMany({ where: { sellPageId: page.id }, data: offers });
}

const DEMO_STORE_HANDLE = "demo-store";

/** Opens the demo's store page the first time: the sell page first, then the one-time buttons by name. */
async function openDemoStorePage(db: PrismaClient, merchantId: string, sellPageId: string) {
  const settings = await db.storeSettings.findUnique({ where: { merchantId }, select: { storeHandle: true } });
  if (!settings || settings.storeHandle) return settings?.storeHandle ?? null;
  const buttons = await db.paymentButton.findMany({
    where: { merchantId, buttonType: "manual", paymentType: "one_time", sellPageId: null },
    orderBy: { name: "asc" },
    select: { id: true },
  });
  await db.$transaction([
    db.storeSettings.update({
      where: { merchantId },
      data: { storeHandle: DEMO_STORE_HANDLE, storePageEnabled: true },
    }),
    db.digitalSellPage.update({ where: { id: sellPageId }, data: { storePosition: 0 } }),
    ...buttons.map((button, index) =>
      db.paymentButton.update({ where: { id: button.id }, data: { storePosition: index + 1 } }),
    ),
  ]);
  return DEMO_STORE_HANDLE;
}
