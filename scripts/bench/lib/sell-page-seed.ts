// The digital sell page the sell-page bench measures, seeded as a merchant would fill it in.
import { pngFile } from "../../../tests/support/files";
import type { startBenchStack } from "./stack";

export const IMAGE = { width: 800, height: 600, bytes: 120_000 };

/** What a merchant fills in: both bundles, a product image and logo of sensible sizes, a file to sell. */
export async function seedSellPage(stack: Awaited<ReturnType<typeof startBenchStack>>) {
  const { createMerchant } = await import("../../../tests/factories/merchant");
  const { connectPayPal } = await import("../../../tests/factories/store-settings");
  const { createStoredFile } = await import("../../../tests/factories/stored-file");
  const { createSellPage } = await import("../../../tests/factories/sell-page");
  const merchant = await createMerchant(stack.db, { name: "Yarn & Needle Studio" });
  const { clientId } = await connectPayPal(stack.db, merchant.id);
  // Real PNGs padded to the byte size of a photo and a logo exported for the web.
  const image = await createStoredFile(stack.db, merchant.id, "product_image", {
    content: pngFile({ width: IMAGE.width, height: IMAGE.height, rgb: [180, 60, 90], totalBytes: IMAGE.bytes }),
    name: "cover.png",
  });
  const logo = await createStoredFile(stack.db, merchant.id, "merchant_logo", {
    content: pngFile({ width: 240, height: 96, totalBytes: 12_000 }),
    name: "logo.png",
  });
  const file = await createStoredFile(stack.db, merchant.id, "downloadable_file", {
    content: "%PDF-1.7\nthe guide",
    name: "knitting-guide.pdf",
  });
  const page = await createSellPage(stack.db, merchant.id, {
    name: "Ultimate Knitting Guide",
    description:
      "Patterns, techniques and fixes for every knitter, from your first cast-on to colourwork.\n\n" +
      "120 patterns with charts and written instructions, sized from baby to XXL, and a troubleshooting " +
      "section for dropped stitches, uneven tension and everything in between.",
    paypalClientId: clientId,
    productImageId: image.id,
    merchantLogoId: logo.id,
    downloadableFileId: file.id,
    basicName: "Basic",
    basicPriceMinor: 2999,
    basicOriginalPriceMinor: 3999,
    basicFeatures: ["120 patterns (PDF)", "Technique guide", "Lifetime updates"],
    premiumEnabled: true,
    premiumName: "Premium",
    premiumPriceMinor: 4999,
    premiumOriginalPriceMinor: 6999,
    premiumFeatures: ["Everything in Basic", "40 video lessons", "Printable charts", "Private community access"],
  });
  return page;
}
