import { LRUCache } from "lru-cache";
import { unknownWpsButtonScript, wpsButtonScript, type WpsEmbedConfig } from "~/embed/wps-button";
import { checkoutMessages, sellerSuspendedMessage } from "~/lib/checkout-messages";
import { formatMoney } from "~/lib/money";
import { registerCache } from "~/server/platform/cache-bus";
import { isUnchanged, SCRIPT_ID, scriptEtag, scriptHeaders, scriptIdOf } from "~/server/platform/embed-scripts";
import { getWpsEmbed } from "~/server/wps/buttons";

// GET /api/wps-button/{id}.js, served like the payment button's script (src/server/payment-buttons/embed-script.ts): a short
// public cache with an ETag, CORS for any site, and a few seconds of per-instance memory in front of the database.

const RENDER_TTL_MS = 5_000;

type Rendered = { status: 200 | 404; body: Buffer; etag: string };
type WpsEmbed = NonNullable<Awaited<ReturnType<typeof getWpsEmbed>>>;

export function wpsEmbedConfig(id: string, button: WpsEmbed): WpsEmbedConfig {
  const notice = button.sellerSuspended
    ? sellerSuspendedMessage
    : button.isActive
      ? null
      : checkoutMessages.unavailable;
  return {
    id,
    notice,
    // A switched-off button's fields stay on the server: nothing to post, nothing to read.
    form: notice
      ? null
      : {
          action: button.action,
          fields: button.fields,
          options: button.priceOptions.map((option) => ({
            label: option.label,
            text: `${option.label} - ${formatMoney(option.amountMinor, button.currency)}`,
          })),
          quantity: button.fields.some(([name, value]) => name === "undefined_quantity" && value === "1"),
          text: button.buttonText || "Buy Now",
          small: button.buttonSize === "small",
          image: button.customButtonImage,
          logos: button.showCardLogos,
        },
  };
}

async function render(id: string): Promise<Rendered> {
  const button = SCRIPT_ID.test(id) ? await getWpsEmbed(id) : null;
  const script = button
    ? wpsButtonScript(wpsEmbedConfig(id, button))
    : unknownWpsButtonScript(SCRIPT_ID.test(id) ? id : "(invalid id)");
  const body = Buffer.from(script);
  return { status: button ? 200 : 404, body, etag: scriptEtag(body) };
}

// On globalThis and dropped on every instance by writes, as the payment buttons' cache is; bounded.
const globalForScripts = globalThis as typeof globalThis & { popkitWpsEmbedScripts?: LRUCache<string, Rendered> };
const rendered = () =>
  (globalForScripts.popkitWpsEmbedScripts ??= registerCache(
    "wps-embed-script",
    // As in embed-script.ts: requests waiting on a render that is dropped still get it.
    new LRUCache<string, Rendered>({ max: 1_000, ttl: RENDER_TTL_MS, fetchMethod: render, ignoreFetchAbort: true }),
  ));

export type WpsEmbedScriptAnswer = { status: 200 | 304 | 404; headers: Record<string, string>; body: Buffer | null };

/** The answer to GET /api/wps-button/{file} ("{id}.js"); Next compresses it. */
export async function wpsEmbedScriptAnswer(
  file: string,
  request: { ifNoneMatch: string | null },
): Promise<WpsEmbedScriptAnswer> {
  const script = (await rendered().fetch(scriptIdOf(file)))!;
  const headers = scriptHeaders(script.etag);
  if (isUnchanged(request.ifNoneMatch, script)) return { status: 304, headers, body: null };
  return { status: script.status, headers, body: script.body };
}
