import { createHash } from "node:crypto";
import { paymentButtonCheckoutScript } from "~/embed/payment-button-checkout";

export const dynamic = "force-dynamic";

// The same for every button and every request: built once per process. Cached like the loaders that add it
// (src/server/payment-buttons/embed-script.ts), so a deploy reaches buyers within the same minute, and revalidated by its ETag.
// Next compresses it.
const body = Buffer.from(paymentButtonCheckoutScript());
const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
const headers = {
  "content-type": "application/javascript; charset=utf-8",
  "cache-control": "public, max-age=60, stale-while-revalidate=60",
  etag,
  // Any site may embed the button, including pages that isolate themselves with COEP.
  "cross-origin-resource-policy": "cross-origin",
  "access-control-allow-origin": "*",
  "x-content-type-options": "nosniff",
};

/** GET /api/button/checkout: the payment button's checkout script (src/embed/payment-button-checkout.ts). */
export function GET(request: Request) {
  const known = request.headers
    .get("if-none-match")
    ?.split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""));
  if (known?.includes(etag)) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(body), { headers });
}
