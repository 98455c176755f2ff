import { describeError, logger } from "~/server/platform/logger";
import { refuseUnsafeText } from "~/server/platform/request";
import { IMAGE_WIDTHS, imageVariant, type ImageWidth } from "~/server/vendors/storage/images";

export const dynamic = "force-dynamic";

const KEY = /^[A-Za-z0-9._-]{1,200}$/;

function refusal(status: number, message: string) {
  return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/** GET /api/images/{key}?w=800: a public image resized for buyers' screens (~/server/vendors/storage/images). */
export async function GET(request: Request, { params }: { params: Promise<{ key: string }> }) {
  const { key } = await params;
  const query = new URL(request.url).searchParams;
  const refused = refuseUnsafeText(key, [...query]);
  if (refused) return refused;
  const width = Number(query.get("w"));
  if (!IMAGE_WIDTHS.includes(width as ImageWidth)) {
    return refusal(400, `w must be one of ${IMAGE_WIDTHS.join(", ")}`);
  }
  if (!KEY.test(key)) return refusal(404, "Image not found");
  const acceptsWebp = request.headers.get("accept")?.includes("image/webp") ?? false;
  try {
    const variant = await imageVariant(key, width as ImageWidth, acceptsWebp);
    if (!variant) return refusal(404, "Image not found");
    return new Response(Buffer.from(variant.body), {
      headers: {
        "content-type": variant.contentType,
        // A key always names the same bytes: a replaced image gets a new key.
        "cache-control": "public, max-age=31536000, immutable",
        vary: "accept",
        "cross-origin-resource-policy": "cross-origin",
      },
    });
  } catch (error) {
    logger.warn("Image variant failed", { key, width, ...describeError(error) });
    return refusal(502, "The image could not be loaded. Please try again.");
  }
}
