// The demo sell page's social proof and pricing options, added after prisma/seed.ts's seedDemo by the
// same callers, so the demo's buyer page shows a rating, a testimonial, a guarantee and a pay-what-you-want bundle.
// Idempotent: applied only while the page has none of them, so a value the seller set is never overwritten (one
// who clears them all gets the demo's back on the next start).
import type { PrismaClient } from "../../src/generated/prisma/client";
import type { DemoSeed } from "../../prisma/seed";

/** What a knitting teacher selling her guide might really write. */
const proof = {
  testimonialQuote:
    "I had given up on colourwork twice. The charts and the tension chapter finally made it click, and my first " +
    "yoke sweater actually fits.",
  testimonialAuthor: "Maria K., knitting teacher",
  ratingTenths: 47,
  ratingCount: 38,
  guarantee: "Not what you hoped for? Write to us within 30 days of buying and we will refund you in full.",
};

/** Basic becomes pay what you want: the $29.99 price is the suggestion, and buyers pay at least $5.00. */
const basicMinimumPriceMinor = 500;

export async function seedDemoSellPage(db: PrismaClient, seeded: DemoSeed) {
  const page = await db.digitalSellPage.findUnique({
    where: { id: seeded.sellPageId },
    select: {
      testimonialQuote: true,
      testimonialAuthor: true,
      ratingTenths: true,
      ratingCount: true,
      guarantee: true,
      basicPayWhatYouWant: true,
      basicMinimumPriceMinor: true,
      basicPriceMinor: true,
    },
  });
  if (!page) return;
  const { basicPriceMinor, ...options } = page;
  if (Object.values(options).some((value) => value !== null && value !== false)) return;
  if (basicPriceMinor < basicMinimumPriceMinor) return;
  // The page and its basic bundle's button together, as the sell-page service keeps them in step.
  await db.$transaction([
    db.digitalSellPage.update({
      where: { id: seeded.sellPageId },
      data: { ...proof, basicPayWhatYouWant: true, basicMinimumPriceMinor },
    }),
    db.paymentButton.updateMany({
      where: { sellPageId: seeded.sellPageId, bundleTier: "basic" },
      data: { payWhatYouWant: true, minimumAmountMinor: basicMinimumPriceMinor, maxQuantity: 1 },
    }),
  ]);
}
