import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import { embedConfig, paymentButtonScript, unknownButtonScript } from "~/embed/payment-button";
import { env } from "~/env";
import { getEmbedButton } from "~/server/services/checkout";

// GET /api/button/{id}.js, the script merchants embed. Answered in two places with this one function: the
// route handler (src/app/api/button/[id]/route.ts, e.g. under `next dev`) and, in production, the front door
// of scripts/serve.ts, which answers it before Next's request pipeline (scripts/bench/embed.ts).

// Merchants' pages load this on every view: a short public cache keeps the button's edits and its on/off switch
// visible within a minute, and the ETag lets browsers and CDNs revalidate for a 304 instead of the body.
const CACHE = "public, max-age=60, stale-while-revalidate=60";
const ID = /^[A-Za-z0-9_-]{1,64}$/;

type Rendered = { status: 200 | 404; body: Buffer; gzipped: Buffer; etag: string };

async function render(id: string): Promise<Rendered> {
  const button = ID.test(id) ? await getEmbedButton(id) : null;
  const script = !button
    ? unknownButtonScript(ID.test(id) ? id : "(invalid id)")
    : paymentButtonScript(
        embedConfig(button.id, button.isActive ? button : null, {
          appUrl: env.APP_URL,
          sdkBaseUrl: env.PAYPAL_SDK_BASE_URL,
        }),
      );
  const body = Buffer.from(script);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { status: button ? 200 : 404, body, gzipped: gzipSync(body), etag };
}

// A few seconds of per-instance memory in front of the database: a busy merchant page costs one query per
// button every RENDER_TTL_MS instead of one per view (scripts/bench/embed.ts: ~2% of a static file's
// throughput without it on the embedded database). It only ever adds those seconds to the minute of
// staleness Cache-Control already allows, holds no state another instance needs (DESIGN 1), and is bounded,
// so random ids cannot grow it. Concurrent requests for one id share one query.
const RENDER_TTL_MS = 5_000;
const rendered = new LRUCache<string, Rendered>({ max: 1_000, ttl: RENDER_TTL_MS, fetchMethod: render });

export type EmbedScriptAnswer = { status: 200 | 304 | 404; headers: Record<string, string>; body: Buffer | null };

/**
 * The answer to GET /api/button/{file} ("{id}.js"). `acceptEncoding` undefined: the caller compresses (Next does);
 * else the body is gzipped here when the client accepts it, from the render's cached copy.
 */
export async function embedScriptAnswer(
  file: string,
  request: { ifNoneMatch: string | null; acceptEncoding?: string | null },
): Promise<EmbedScriptAnswer> {
  const script = (await rendered.fetch(file.endsWith(".js") ? file.slice(0, -3) : ""))!;
  const headers: Record<string, string> = {
    "content-type": "application/javascript; charset=utf-8",
    "cache-control": CACHE,
    etag: script.etag,
    // Any site may embed the script, including pages that isolate themselves with COEP.
    "cross-origin-resource-policy": "cross-origin",
    "access-control-allow-origin": "*",
    "x-content-type-options": "nosniff",
  };
  const known = request.ifNoneMatch?.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (script.status === 200 && known?.includes(script.etag)) return { status: 304, headers, body: null };
  if (request.acceptEncoding === undefined) return { status: script.status, headers, body: script.body };
  headers.vary = "Accept-Encoding";
  if (!/\bgzip\b/.test(request.acceptEncoding ?? "")) return { status: script.status, headers, body: script.body };
  headers["content-encoding"] = "gzip";
  return { status: script.status, headers, body: script.gzipped };
}
