import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { publicFileUrl } from "./files";

/**
 * Merchants upload product images as they are (often a large PNG): buyers' phones get them resized to the
 * width they show and re-encoded as WebP, the largest paint of a sell page. Only these widths exist, so the
 * set of variants (and the cache) stays bounded whatever the query asks.
 */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const imageVariantUrl = (key: string, width: ImageWidth) => `/api/images/${encodeURIComponent(key)}?w=${width}`;

/** The `srcset` of a public image (its original stays the `src`). */
export const imageSrcSet = (key: string) =>
  IMAGE_WIDTHS.map((width) => `${imageVariantUrl(key, width)} ${width}w`).join(", ");

type Variant = { body: Uint8Array; contentType: string };

// A few megabytes of recent variants per instance, so a busy page does not fetch and re-encode its image for
// every new buyer; browsers and CDNs keep them for a year (the key never changes for new bytes). Concurrent
// requests for one variant share one render.
const variants = new LRUCache<string, { variant: Variant | null }>({
  max: 200,
  fetchMethod: async (id) => {
    const [key, width, format] = id.split(":") as [string, `${ImageWidth}`, "webp" | "original"];
    return { variant: await render(key, Number(width) as ImageWidth, format === "webp") };
  },
});

/**
 * The image `key` at `width` (never enlarged), as WebP when the browser accepts it, else in its own format. Only
 * public images (product images and logos) are served: never a purchased file. Null when there is no such image.
 */
export async function imageVariant(key: string, width: ImageWidth, acceptsWebp: boolean): Promise<Variant | null> {
  return (await variants.fetch(`${key}:${width}:${acceptsWebp ? "webp" : "original"}`))?.variant ?? null;
}

async function render(key: string, width: ImageWidth, acceptsWebp: boolean): Promise<Variant | null> {
  const file = await db.storedFile.findFirst({
    where: { key, isPrivate: false, kind: { in: ["product_image", "merchant_logo"] } },
    select: { key: true, mimeType: true },
  });
  if (!file) return null;
  const response = await fetch(publicFileUrl(file.key), { cache: "no-store", signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new AppError("UPSTREAM", "The image could not be loaded from storage");
  const original = sharp(Buffer.from(await response.arrayBuffer()), { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  if (acceptsWebp) return { body: await original.webp({ quality: 80 }).toBuffer(), contentType: "image/webp" };
  return { body: await original.toBuffer(), contentType: file.mimeType };
}
