import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import { embedConfig, paymentButtonScript, unknownButtonScript, type EmbedConfig } from "~/embed/payment-button";
import { env } from "~/env";
import { sellerSuspendedMessage } from "~/lib/checkout-messages";
import { getEmbedButton } from "~/server/services/checkout";
import { noteEmbedScriptLoad } from "~/server/services/onboarding";

// GET /api/button/{id}.js, the script merchants embed. Answered in two places with this one function: the
// route handler (src/app/api/button/[id]/route.ts, e.g. under `next dev`) and, in production, the front door
// of scripts/serve.ts, which answers it before Next's request pipeline (scripts/bench/embed.ts).

// Merchants' pages load this on every view: a short public cache keeps the button's edits and its on/off switch
// visible within a minute, and the ETag lets browsers and CDNs revalidate for a 304 instead of the body.
const CACHE = "public, max-age=60, stale-while-revalidate=60";
const ID = /^[A-Za-z0-9_-]{1,64}$/;

type Rendered = { status: 200 | 404; body: Buffer; gzipped: Buffer; etag: string };

/** The loader's config; a suspended seller's button says so where an unready one says "cannot take payments yet". */
function configOf(button: NonNullable<Awaited<ReturnType<typeof getEmbedButton>>>): EmbedConfig {
  const config = embedConfig(button.id, button.isActive ? button : null, {
    appUrl: env.APP_URL,
    sdkBaseUrl: env.PAYPAL_SDK_BASE_URL,
  });
  if (!button.isActive || !button.isSellerSuspended) return config;
  const messages: Record<keyof EmbedConfig["messages"], string> = {
    ...config.messages,
    sellerNotReady: sellerSuspendedMessage,
  };
  // EmbedConfig types the messages as checkoutMessages' literal strings; the loader only shows them as text.
  return { ...config, messages: messages as EmbedConfig["messages"] };
}

async function render(id: string): Promise<Rendered> {
  const button = ID.test(id) ? await getEmbedButton(id) : null;
  const script = !button
    ? unknownButtonScript(ID.test(id) ? id : "(invalid id)")
    : paymentButtonScript(configOf(button));
  const body = Buffer.from(script);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { status: button ? 200 : 404, body, gzipped: gzipSync(body), etag };
}

// A few seconds of per-instance memory in front of the database: a busy merchant page costs one query per
// button every RENDER_TTL_MS instead of one per view (scripts/bench/embed.ts: ~2% of a static file's
// throughput without it on the embedded database). It only ever adds those seconds to the minute of
// staleness Cache-Control already allows, holds no state another instance needs (DESIGN 1), and is bounded,
// so random ids cannot grow it. Concurrent requests for one id share one query. Kept on globalThis because the
// front door (scripts/serve.ts, loaded through tsx) and Next's bundle each get their own copy of this module in
// one process, and a write in Next (a staff suspension) must reach the front door's cache too.
const RENDER_TTL_MS = 5_000;
const globalForScripts = globalThis as typeof globalThis & { popkitEmbedScripts?: LRUCache<string, Rendered> };
const rendered = () =>
  (globalForScripts.popkitEmbedScripts ??= new LRUCache<string, Rendered>({
    max: 1_000,
    ttl: RENDER_TTL_MS,
    fetchMethod: render,
  }));

/**
 * After a write that changes whether buyers can pay (a merchant suspended or resumed): every cached script is
 * forgotten on this instance; other instances follow within RENDER_TTL_MS, and browsers within Cache-Control.
 */
export function forgetEmbedScripts() {
  rendered().clear();
}

export type EmbedScriptAnswer = { status: 200 | 304 | 404; headers: Record<string, string>; body: Buffer | null };

/**
 * The answer to GET /api/button/{file} ("{id}.js"). `acceptEncoding` undefined: the caller compresses (Next does);
 * else the body is gzipped here when the client accepts it, from the render's cached copy. `referrer` (the Referer,
 * else Origin header) marks a known button as put on another site, once per process (noteEmbedScriptLoad).
 */
export async function embedScriptAnswer(
  file: string,
  request: { ifNoneMatch: string | null; acceptEncoding?: string | null; referrer?: string | null },
): Promise<EmbedScriptAnswer> {
  const id = file.endsWith(".js") ? file.slice(0, -3) : "";
  const script = (await rendered().fetch(id))!;
  if (script.status === 200 && request.referrer) void noteEmbedScriptLoad(id, request.referrer);
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
