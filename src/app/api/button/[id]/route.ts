import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { embedConfig, paymentButtonScript, unknownButtonScript } from "~/embed/payment-button";
import { env } from "~/env";
import { getEmbedButton } from "~/server/services/checkout";

export const dynamic = "force-dynamic";

const JS = "application/javascript; charset=utf-8";

// Merchants' pages load this on every view: a short public cache keeps the button's edits and its on/off switch
// visible within a minute, and the ETag lets browsers and CDNs revalidate for a 304 instead of the body.
const CACHE = "public, max-age=60, stale-while-revalidate=60";
const ID = /^[A-Za-z0-9_-]{1,64}$/;

type Rendered = { status: 200 | 404; body: string; etag: string };

async function render(id: string): Promise<Rendered> {
  const button = ID.test(id) ? await getEmbedButton(id) : null;
  const body = !button
    ? unknownButtonScript(ID.test(id) ? id : "(invalid id)")
    : paymentButtonScript(
        embedConfig(button.id, button.isActive ? button : null, {
          appUrl: env.APP_URL,
          sdkBaseUrl: env.PAYPAL_SDK_BASE_URL,
        }),
      );
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { status: button ? 200 : 404, body, etag };
}

// A few seconds of per-instance memory in front of the database: a busy merchant page costs one query per
// button every RENDER_TTL_MS instead of one per view (scripts/bench/embed.ts: ~2% of a static file's
// throughput without it on the embedded database). It only ever adds those seconds to the minute of
// staleness Cache-Control already allows, holds no state another instance needs (DESIGN 1), and is bounded,
// so random ids cannot grow it. Concurrent requests for one id share one query.
const RENDER_TTL_MS = 5_000;
const rendered = new LRUCache<string, Rendered>({ max: 1_000, ttl: RENDER_TTL_MS, fetchMethod: render });

/** GET /api/button/{id}.js: the embed script of a payment button (the route's id arrives as "{id}.js"). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id: file } = await params;
  const { status, body, etag } = (await rendered.fetch(file.endsWith(".js") ? file.slice(0, -3) : ""))!;
  const headers = {
    "content-type": JS,
    "cache-control": CACHE,
    etag,
    // Any site may embed the script, including pages that isolate themselves with COEP.
    "cross-origin-resource-policy": "cross-origin",
    "access-control-allow-origin": "*",
  };
  const known = request.headers.get("if-none-match");
  if (status === 200 && known?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status, headers });
}
