import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { GET as imageRoute } from "~/app/api/images/[key]/route";
import { db } from "~/server/platform/db";
import { getPublicSellPage } from "~/server/sell-pages/public-page";
import { createMerchant } from "../../factories/merchant";
import { buildSellPageInput } from "../../factories/sell-page";
import { createStoredFile } from "../../factories/stored-file";
import { merchantCaller } from "../../support/callers";
import { pngFile } from "../../support/files";

function get(key: string, query: string, accept = "image/avif,image/webp,*/*") {
  return imageRoute(new Request(`http://localhost/api/images/${key}?${query}`, { headers: { accept } }), {
    params: Promise.resolve({ key }),
  });
}

describe("resized product images", () => {
  it("serves a public image resized and as WebP, cached for a year, and lists the widths in the page's srcset", async () => {
    const merchant = await createMerchant(db);
    const image = await createStoredFile(db, merchant.id, "product_image", {
      content: pngFile({ width: 1000, height: 750 }),
    });
    const { id } = await merchantCaller(merchant).pages.sellPages.create(
      buildSellPageInput({ productImageId: image.id }),
    );

    const page = await getPublicSellPage(id);
    expect(page?.imageSrcSet).toBe(
      [400, 800, 1200].map((width) => `/api/images/${image.key}?w=${width} ${width}w`).join(", "),
    );

    const small = await get(image.key, "w=400");
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("image/webp");
    expect(small.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({
      format: "webp",
      width: 400,
      height: 300,
    });
    // Never enlarged; a browser without WebP gets the image's own format.
    const large = await get(image.key, "w=1200", "image/png,*/*");
    expect(large.headers.get("content-type")).toBe("image/png");
    expect(await sharp(Buffer.from(await large.arrayBuffer())).metadata()).toMatchObject({
      format: "png",
      width: 1000,
    });
  });

  it("never serves a purchased file, an unknown key or an arbitrary width", async () => {
    const merchant = await createMerchant(db);
    const product = await createStoredFile(db, merchant.id, "downloadable_file", { content: pngFile() });
    const image = await createStoredFile(db, merchant.id, "product_image", { content: pngFile() });

    expect((await get(product.key, "w=400")).status).toBe(404);
    expect((await get("no-such-key", "w=400")).status).toBe(404);
    expect((await get("../../etc/passwd", "w=400")).status).toBe(404);
    expect((await get(image.key, "w=401")).status).toBe(400);
    expect((await get(image.key, "")).status).toBe(400);
  });
});
