import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import { embedConfig, paymentButtonScript, unknownButtonScript, type EmbedConfig } from "~/embed/payment-button";
import { env } from "~/env";
import { registerCache } from "~/server/platform/cache-bus";
import { isUnchanged, SCRIPT_ID, scriptEtag, scriptHeaders, scriptIdOf } from "~/server/platform/embed-scripts";
import { getEmbedButton } from "~/server/checkout/public-button";
import { noteEmbedScriptLoad } from "~/server/stores/onboarding";

// GET /api/button/{id}.js, the script merchants embed. Answered in two places with this one function: the
// route handler (src/app/api/button/[id]/route.ts, e.g. under `next dev`) and, in production, the front door
// of scripts/serve.ts, which answers it before Next's request pipeline (scripts/bench/embed.ts).

type Encoding = "br" | "gzip";
type Rendered = { status: 200 | 404; body: Buffer; etag: string; encoded: Partial<Record<Encoding, Buffer>> };

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The loader's config (embedConfig gives a suspended seller's button its own sentence). */
function configOf(button: NonNullable<Awaited<ReturnType<typeof getEmbedButton>>>): EmbedConfig {
  return embedConfig(button.id, button.isActive ? button : null, {
    appUrl: env.APP_URL,
    sdkBaseUrl: env.PAYPAL_SDK_BASE_URL,
  });
}

/** Both copies at their smallest: they are made once per change of the script, on libuv's threads. */
async function compress(body: Buffer): Promise<Record<Encoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}

async function render(id: string, previous: Rendered | undefined): Promise<Rendered> {
  const button = SCRIPT_ID.test(id) ? await getEmbedButton(id) : null;
  const script = !button
    ? unknownButtonScript(SCRIPT_ID.test(id) ? id : "(invalid id)")
    : paymentButtonScript(configOf(button));
  const body = Buffer.from(script);
  const etag = scriptEtag(body);
  // Most renders find the script unchanged: its compressed copies (brotli's best costs ~8 ms of CPU) carry over.
  if (previous?.etag === etag) return previous;
  // An unknown id's one-line warning would not get smaller.
  return { status: button ? 200 : 404, body, etag, encoded: button ? await compress(body) : {} };
}

// A few seconds of per-instance memory in front of the database: a busy merchant page costs one query per
// button every RENDER_TTL_MS instead of one per view (scripts/bench/embed.ts: ~2% of a static file's
// throughput without it on the embedded database). Writes that change a script drop it on every instance at
// once (forgetCached in src/server/platform/cache-bus.ts; browsers follow within Cache-Control); the TTL only bounds what a
// lost message leaves. Bounded, so random ids cannot grow it, and concurrent requests for one id share one query.
// Kept on globalThis because the front door (scripts/serve.ts, loaded through tsx) and Next's bundle each get
// their own copy of this module in one process.
const RENDER_TTL_MS = 5_000;
const globalForScripts = globalThis as typeof globalThis & { popkitEmbedScripts?: LRUCache<string, Rendered> };
const rendered = () =>
  (globalForScripts.popkitEmbedScripts ??= registerCache(
    "embed-script",
    // A drop while a render runs must not fail the requests waiting on it: they get that render, which is
    // then not kept.
    new LRUCache<string, Rendered>({ max: 1_000, ttl: RENDER_TTL_MS, fetchMethod: render, ignoreFetchAbort: true }),
  ));

// Our order among codings a client weighs alike: the smallest first.
const PREFERENCE = ["br", "gzip", "identity"] as const;
type Coding = (typeof PREFERENCE)[number];

/**
 * The content coding to send for an Accept-Encoding header (RFC 9110 12.5.3): the highest q-value wins, "*" stands
 * for the codings not named, q=0 refuses. Identity, when not named, ranks with the least wanted named coding (as
 * the negotiator of Express's `compression` has it), so "gzip;q=0.5" still gets gzip. No header, or nothing
 * acceptable: identity.
 */
function negotiate(acceptEncoding: string | null): Coding {
  if (!acceptEncoding) return "identity";
  const weights = new Map<string, number>();
  for (const entry of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = entry.split(";");
    const coding = name.trim().toLowerCase();
    const q = parameters
      .find((parameter) => /^\s*q\s*=/i.test(parameter))
      ?.split("=")[1]
      ?.trim();
    // A malformed q-value drops its entry rather than guessing a weight.
    const weight = q === undefined ? 1 : /^\d(\.\d{0,3})?$/.test(q) ? Number(q) : NaN;
    if (coding && !weights.has(coding) && weight <= 1) weights.set(coding, weight);
  }
  const named = [...weights.values()].filter((weight) => weight > 0);
  const weightOf = (coding: Coding) =>
    weights.get(coding) ?? (coding === "identity" ? Math.min(1, ...named) : (weights.get("*") ?? 0));
  const best = PREFERENCE.reduce((chosen, coding) => (weightOf(coding) > weightOf(chosen) ? coding : chosen));
  return weightOf(best) > 0 ? best : "identity";
}

export type EmbedScriptAnswer = { status: 200 | 304 | 404; headers: Record<string, string>; body: Buffer | null };

/**
 * The answer to GET /api/button/{file} ("{id}.js"). `acceptEncoding` undefined: the caller compresses (Next does);
 * else the body goes in brotli or gzip as the header allows (negotiate), from the render's cached copies.
 * `referrer` (the Referer, else Origin header) marks a known button as put on another site, once per process
 * (noteEmbedScriptLoad).
 */
export async function embedScriptAnswer(
  file: string,
  request: { ifNoneMatch: string | null; acceptEncoding?: string | null; referrer?: string | null },
): Promise<EmbedScriptAnswer> {
  const id = scriptIdOf(file);
  const script = (await rendered().fetch(id))!;
  if (script.status === 200 && request.referrer) void noteEmbedScriptLoad(id, request.referrer);
  const headers = scriptHeaders(script.etag);
  // The front door's answers differ by Accept-Encoding, its 304s included (RFC 9110 15.4.5).
  if (request.acceptEncoding !== undefined) headers.vary = "Accept-Encoding";
  if (isUnchanged(request.ifNoneMatch, script)) return { status: 304, headers, body: null };
  const coding = request.acceptEncoding === undefined ? "identity" : negotiate(request.acceptEncoding);
  const encoded = coding === "identity" ? undefined : script.encoded[coding];
  if (!encoded) return { status: script.status, headers, body: script.body };
  headers["content-encoding"] = coding;
  return { status: script.status, headers, body: encoded };
}
