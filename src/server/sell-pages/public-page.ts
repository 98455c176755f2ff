import { createHmac } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { BundleTier } from "~/generated/prisma/client";
import { env } from "~/env";
import { forgetCached, registerCache } from "~/server/platform/cache-bus";
import { db } from "~/server/platform/db";
import { isSafeText } from "~/server/platform/request";
import { publicButtonSelect, toPublicButton, type PublicButton } from "~/server/checkout/public-button";
import { storeBrandOf, storeBrandSelect } from "~/server/library/library";
import { publicFileUrl } from "~/server/vendors/storage/files";
import { imageSrcSet, imageVariantUrl } from "~/server/vendors/storage/images";

// The buyer's side of a sell page: /digital-sell/{id} as buyers see it, from a short per-instance cache, and
// its view count.

/** An id from a buyer's address bar that could name a page; anything else (NUL included) is simply not found. */
const isPlausiblePageId = (id: string) => id.length <= 64 && isSafeText(id);

/**
 * Counts a buyer's view of an active public page, at most once per visitor and UTC day: the visitor is an HMAC
 * (keyed by the server secret) of the day, address and user agent, so reloads don't inflate the count and no
 * address is stored. Returns false for an unknown or inactive page.
 */
export async function recordSellPageView(
  id: string,
  visitor: { ip: string; userAgent: string },
  now: Date = new Date(),
) {
  if (!isPlausiblePageId(id)) return false;
  const page = await db.digitalSellPage.findFirst({ where: { id, isActive: true }, select: { id: true } });
  if (!page) return false;
  const day = now.toISOString().slice(0, 10);
  const visitorHash = createHmac("sha256", env.AUTH_SECRET)
    .update(`sell-page-view\0${day}\0${page.id}\0${visitor.ip}\0${visitor.userAgent}`)
    .digest("base64url");
  await db.sellPageView.createMany({
    data: [{ sellPageId: page.id, visitorHash, createdAt: now }],
    skipDuplicates: true,
  });
  return true;
}

// /digital-sell/{id} reads its page through a few seconds of per-instance memory: a busy page costs one query
// every PUBLIC_PAGE_TTL_MS instead of one per buyer (scripts/bench/sell-page.ts), and concurrent buyers share
// it. Writes that change what buyers see drop the page on every instance at once (src/server/platform/cache-bus.ts); the
// TTL bounds what a lost message leaves. Kept on globalThis because Next bundles this module once for the App
// Router (where the writes run) and once for the Pages Router (where the page renders).
const PUBLIC_PAGE_TTL_MS = 5_000;
const globalForPages = globalThis as typeof globalThis & {
  popkitPublicSellPages?: LRUCache<string, { page: PublicSellPage | null }>;
};
const publicSellPages = () =>
  (globalForPages.popkitPublicSellPages ??= registerCache(
    "sell-page",
    new LRUCache({
      max: 1_000,
      ttl: PUBLIC_PAGE_TTL_MS,
      fetchMethod: async (id: string) => ({ page: await getPublicSellPage(id) }),
      // Buyers waiting on a read that a write drops still get it (it is not kept): never an error.
      ignoreFetchAbort: true,
    }),
  ));

/** getPublicSellPage for the buyer's page, from the short per-instance cache. */
export async function servePublicSellPage(id: string): Promise<PublicSellPage | null> {
  return (await publicSellPages().fetch(id))?.page ?? null;
}

/** After a write buyers would see: one page, or (null) every page, e.g. after a merchant's PayPal settings. */
export function forgetPublicSellPage(id: string | null) {
  forgetCached("sell-page", id);
}

/**
 * What /digital-sell/{id} shows a buyer: an explicit select (never the merchant's account e-mail, secret or the
 * private file's key), or null when the page does not exist or is inactive. Each bundle carries its payment button
 * in the checkout service's public shape, so the page pays through the same PayPal button and path as any other;
 * its price options and stock are read from that button, which is what the checkout enforces.
 */
export async function getPublicSellPage(id: string) {
  if (!isPlausiblePageId(id)) return null;
  const page = await db.digitalSellPage.findFirst({
    where: { id, isActive: true },
    select: {
      id: true,
      name: true,
      description: true,
      currency: true,
      successUrl: true,
      cancelUrl: true,
      downloadableFileId: true,
      basicName: true,
      basicPriceMinor: true,
      basicOriginalPriceMinor: true,
      basicFeatures: true,
      premiumEnabled: true,
      premiumName: true,
      premiumPriceMinor: true,
      premiumOriginalPriceMinor: true,
      premiumFeatures: true,
      testimonialQuote: true,
      testimonialAuthor: true,
      ratingTenths: true,
      ratingCount: true,
      guarantee: true,
      productImage: { select: { key: true } },
      merchantLogo: { select: { key: true } },
      bundleButtons: {
        where: { isActive: true },
        select: { ...publicButtonSelect, bundleTier: true },
      },
      merchant: { select: storeBrandSelect },
    },
  });
  if (!page) return null;
  const buttonOf = (tier: BundleTier): PublicButton | null => {
    const button = page.bundleButtons.find((candidate) => candidate.bundleTier === tier);
    if (!button) return null;
    // Bundle buttons have no description of their own: the page's is shown.
    return { ...toPublicButton(button), description: null };
  };
  const bundle = (
    tier: BundleTier,
    fields: Pick<PublicBundle, "name" | "priceMinor" | "originalPriceMinor" | "features">,
  ): PublicBundle => {
    const button = buttonOf(tier);
    return {
      tier,
      ...fields,
      payWhatYouWant: button?.payWhatYouWant ?? false,
      minimumPriceMinor: button?.minimumAmountMinor ?? null,
      stockLeft: button?.stockLeft ?? null,
      soldOut: button?.soldOut ?? false,
      button,
    };
  };
  const bundles: PublicBundle[] = [
    bundle("basic", {
      name: page.basicName,
      priceMinor: page.basicPriceMinor,
      originalPriceMinor: page.basicOriginalPriceMinor,
      features: page.basicFeatures,
    }),
  ];
  if (page.premiumEnabled && page.premiumName && page.premiumPriceMinor !== null) {
    bundles.push(
      bundle("premium", {
        name: page.premiumName,
        priceMinor: page.premiumPriceMinor,
        originalPriceMinor: page.premiumOriginalPriceMinor ?? page.premiumPriceMinor,
        features: page.premiumFeatures,
      }),
    );
  }
  const store = storeBrandOf(page.merchant, "public");
  return {
    id: page.id,
    name: page.name,
    description: page.description,
    currency: page.currency,
    successUrl: page.successUrl,
    cancelUrl: page.cancelUrl,
    hasDownload: page.downloadableFileId !== null,
    imageUrl: page.productImage ? publicFileUrl(page.productImage.key) : null,
    imageSrcSet: page.productImage ? imageSrcSet(page.productImage.key) : null,
    // The page's own logo wins over the store's. Shown at most 12rem wide: the 400 px variant covers 2x screens.
    logoUrl: page.merchantLogo ? imageVariantUrl(page.merchantLogo.key, 400) : (store?.logoUrl ?? null),
    logoAlt: page.merchantLogo || !store ? `${page.name} logo` : `${store.name} logo`,
    store,
    proof: {
      testimonial: page.testimonialQuote ? { quote: page.testimonialQuote, author: page.testimonialAuthor } : null,
      rating:
        page.ratingTenths !== null && page.ratingCount !== null && page.ratingCount > 0
          ? { tenths: page.ratingTenths, count: page.ratingCount }
          : null,
      guarantee: page.guarantee,
    },
    bundles,
  };
}

export type PublicBundle = {
  tier: BundleTier;
  name: string;
  /** The price; with pay what you want, the suggested price. */
  priceMinor: number;
  originalPriceMinor: number;
  features: string[];
  payWhatYouWant: boolean;
  /** Pay what you want: the least the buyer may pay. */
  minimumPriceMinor: number | null;
  /** Units left for sale; null: unlimited. */
  stockLeft: number | null;
  soldOut: boolean;
  /** The bundle's payment button; null only while it cannot be paid (e.g. a page saved before its buttons). */
  button: PublicButton | null;
};
export type PublicSellPage = NonNullable<Awaited<ReturnType<typeof getPublicSellPage>>>;
