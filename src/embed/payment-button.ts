import type { PayPalButtonsComponentOptions, PayPalNamespace } from "@paypal/paypal-js";
import { sdkButtonStyle, sdkNamespace } from "~/lib/paypal-button";
import {
  bumpLabel,
  checkoutMessages,
  sellerSuspendedMessage,
  shipsNote,
  vatMessages,
  soldOutMessage,
} from "~/lib/checkout-messages";
import { EU_VAT_STANDARD_RATES } from "~/lib/eu-vat";
import { formatMoney } from "~/lib/money";
import type { PublicButton } from "~/server/checkout/public-button";

// The script merchants embed: <div id="popkit-button-{id}"></div> + <script src="{APP_URL}/api/button/{id}.js">.
// GET /api/button/{id}.js serves `loader` (serialised with Function#toString) called with this button's
// config; our digital sell pages inline it for their bundle buttons, so every buyer pays through this one
// path. Before the PayPal SDK it is the only code a merchant's page downloads, so it stays tiny (bench:
// scripts/bench/embed.ts): it carries only what the buyer sees before a click, and what happens after it lives in
// the checkout script (src/embed/payment-button-checkout.ts). It is self-contained: `loader` may reference nothing
// outside itself except the browser's globals, and is written for any browser that runs the PayPal SDK.

/** The buyer-facing sentences a button's loader carries: only the one it can show before a click (see embedConfig). */
export type EmbedMessages = { [key in keyof typeof checkoutMessages]?: string };

export type EmbedConfig = {
  id: string;
  /** Our origin: the checkout script and the CORS checkout endpoints live at {api}/api/.... */
  api: string;
  messages: EmbedMessages;
  /** null: the button is switched off. */
  button: null | {
    /** The PayPal SDK URL with client id, currency and intent (vault for subscriptions) already in its query. */
    sdk: string;
    /** The SDK's data-namespace: the host page's own window.paypal stays untouched. */
    namespace: string;
    style: ReturnType<typeof sdkButtonStyle>;
    /** Subscription buttons: the PayPal plan; one-time buttons: absent. */
    plan?: string;
    /**
     * What the buyer may choose, each absent when not offered (the checkout script draws the fields): the currency
     * of the amounts; pay what you want as [minimum, suggested] in minor units; the most units one order may buy
     * (above 1); a discount-code field (1).
     */
    currency?: string;
    pwyw?: [number, number];
    qty?: number;
    codes?: 1;
    /** The order bump's checkbox: its label and the seller's pitch (or ""). */
    bump?: [string, string];
    /** It ships: the note that PayPal's window adds shipping and tax. */
    ships?: string;
    /** EU VAT: the buyer names their country (the EU's standard rates, in percent) and may give a VAT number. */
    vat?: { rates: Record<string, string>; words: typeof vatMessages };
    success?: string;
    cancel?: string;
    /** False when the merchant cannot take payments (no saved secret for this client id, or suspended). */
    ready: boolean;
  };
};

/** The loader's `say`: tone 0 (success, green), NOTICE (1, yellow) or ERROR (2, red). */
export type Say = (text?: string, tone?: number) => void;

/**
 * What the checkout script (src/embed/payment-button-checkout.ts) puts on its script element, as `popkit`: called
 * with the button's config, its `say`, and the element PayPal's button renders into (the buyer's choices go just
 * above it). Declared here, with the config, so the checkout script depends on the loader and not both ways.
 */
export type Checkout = (config: EmbedConfig, say: Say, host: HTMLElement) => PayPalButtonsComponentOptions;

// Buyers read every outcome in the button's own container, never in a native dialog: under the button
// sit two live regions, status and alert, created empty so screen readers announce what is written into them
// later. `say(text, tone)` writes an ERROR into the alert region and anything else into the status region (no text
// empties both); `show` replaces whatever the container holds (a placeholder, a broken button) with an element for
// the button and the two regions, says `text`, and returns that element. The host page is someone else's: nothing
// but inline styles on our own elements, in the colours of the product's alerts (green, yellow, red: `tones`), and
// text only through textContent.
//
// What happens after the buyer clicks (orders, captures, outcomes) is the checkout script's
// (src/embed/payment-button-checkout.ts): the loader adds it next to PayPal's SDK, and renders the button once both
// have loaded, with the options the checkout script's `popkit` returns. PayPal's SDK is the heaviest script of the
// page: both load once the button is about to scroll into view (or a hidden one is shown), so they never compete
// with the host page's first paint. On a page with a nonce-based CSP (ours, or a merchant's), the loader's own nonce
// goes on both scripts, and on PayPal's as data-csp-nonce too, which PayPal's SDK puts on the scripts and styles it
// adds. The loader may come before its placeholder (then it looks again once the page is parsed), and the same
// loader included twice renders one button. Helpers are function declarations, not arrow functions in constants:
// under tsx, esbuild's keepNames would wrap those in `__name(...)` calls (see browserScript). New comments go here
// rather than inside `loader`: Function#toString keeps them, and every byte of it is sent to every buyer.
function loader(config: EmbedConfig): void {
  const doc = document;
  const { id, messages, button } = config;
  const nonce = (doc.currentScript as HTMLScriptElement | null)?.nonce;
  let container: HTMLElement;
  let regions: HTMLElement[];
  const NOTICE = 1;
  const ERROR = 2;
  const tones = [
    "color:#15803d;background:#f0fdf4;border:1px solid #bbf7d0",
    "color:#854d0e;background:#fefce8;border:1px solid #fef08a",
    "color:#b91c1c;background:#fef2f2;border:1px solid #fecaca",
  ];

  function say(text = "", tone = 0) {
    regions.forEach((region, index) => {
      const isShown = text && index === +(tone === ERROR);
      region.textContent = isShown ? text : "";
      region.style.cssText = isShown
        ? "margin-top:8px;padding:10px 14px;border-radius:8px;font:14px/1.4 sans-serif;" + tones[tone]
        : "";
    });
  }

  function show(text = "", tone = 0) {
    container.textContent = "";
    const host = container.appendChild(doc.createElement("div"));
    regions = ["status", "alert"].map((role) => {
      const region = container.appendChild(doc.createElement("div"));
      region.setAttribute("role", role);
      return region;
    });
    say(text, tone);
    return host;
  }

  function failed() {
    console.error("Failed to load PayPal SDK");
    show(messages.sdkFailed, ERROR);
  }

  function render(button: NonNullable<EmbedConfig["button"]>) {
    const sdk = doc.createElement("script");
    const checkout: HTMLScriptElement & { popkit?: Checkout } = doc.createElement("script");
    let waiting = 2;
    function loaded() {
      if (--waiting) return;
      // An SDK that answers with an error script still "loads": the namespace is then missing.
      const paypal = (window as unknown as Record<string, PayPalNamespace | undefined>)[button.namespace];
      if (!paypal || !paypal.Buttons || !checkout.popkit) return failed();
      // Whatever the page showed while the SDK loaded (the sell page's "Loading PayPal...") makes way.
      const host = show();
      try {
        paypal
          .Buttons(checkout.popkit(config, say, host))
          .render(host)
          .catch(failed);
      } catch {
        failed();
      }
    }
    sdk.src = button.sdk;
    sdk.setAttribute("data-namespace", button.namespace);
    if (nonce) sdk.setAttribute("data-csp-nonce", nonce);
    checkout.src = config.api + "/api/button/checkout";
    [sdk, checkout].forEach((script) => {
      if (nonce) script.nonce = nonce;
      script.onload = loaded;
      script.onerror = failed;
      doc.head.appendChild(script);
    });
  }

  function start() {
    const found = doc.getElementById(`popkit-button-${id}`);
    if (!found) {
      if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start);
      else console.warn(`Popkit: add <div id="popkit-button-${id}"></div> where the button should appear.`);
      return;
    }
    if (found.getAttribute("data-popkit")) return;
    found.setAttribute("data-popkit", "1");
    container = found;
    if (!button) return show(messages.unavailable, NOTICE);
    if (!button.ready) return show(messages.sellerNotReady, NOTICE);
    if (typeof IntersectionObserver === "undefined") return render(button);
    const nearView = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        nearView.disconnect();
        render(button);
      },
      { rootMargin: "400px" },
    );
    nearView.observe(container);
  }

  start();
}

/** Builds the PayPal SDK script URL as paypal-js loadScript would, with the button's client id, currency, intent. */
export function sdkUrl(
  sdkBaseUrl: string,
  button: Pick<PublicButton, "paypalClientId" | "currency" | "isSubscription">,
) {
  const query = new URLSearchParams({
    "client-id": button.paypalClientId,
    currency: button.currency,
    intent: button.isSubscription ? "subscription" : "capture",
    components: "buttons",
  });
  if (button.isSubscription) query.set("vault", "true");
  return `${sdkBaseUrl}?${query.toString()}`;
}

/**
 * The loader's config for a button (null: switched off). Of the buyer-facing sentences it carries only the one it
 * can show before a click: a payable button's "failed to load", or the one that replaces a button that is off or
 * cannot take payments (its seller is not ready, or suspended by staff). The checkout script has the rest.
 */
export function embedConfig(
  id: string,
  button: PublicButton | null,
  urls: { appUrl: string; sdkBaseUrl: string },
): EmbedConfig {
  const { sdkFailed, unavailable, sellerNotReady } = checkoutMessages;
  const notReady = button?.isSellerSuspended ? sellerSuspendedMessage : sellerNotReady;
  const api = urls.appUrl.replace(/\/+$/, "");
  // A sold-out button shows its notice where a switched-off one shows "not currently available".
  if (button?.soldOut) return { id, api, messages: { unavailable: soldOutMessage }, button: null };
  const chooses = button && !button.isSubscription;
  return {
    id,
    api,
    messages: !button ? { unavailable } : button.canTakePayments ? { sdkFailed } : { sellerNotReady: notReady },
    button: button && {
      sdk: sdkUrl(urls.sdkBaseUrl, button),
      namespace: sdkNamespace(button.id),
      style: sdkButtonStyle(button.style),
      // Absent rather than null: JSON leaves them out of the script.
      plan: button.subscriptionPlanId ?? undefined,
      currency: chooses && (button.payWhatYouWant || button.acceptsDiscountCodes) ? button.currency : undefined,
      pwyw: button.payWhatYouWant ? [button.minimumAmountMinor ?? 1, button.amountMinor] : undefined,
      qty: chooses && button.maxQuantity > 1 ? button.maxQuantity : undefined,
      codes: button.acceptsDiscountCodes ? 1 : undefined,
      bump: button.bump
        ? [bumpLabel(button.bump, (minor) => formatMoney(minor, button.currency)), button.bump.pitch ?? ""]
        : undefined,
      ships: chooses && button.ships ? shipsNote : undefined,
      vat: button.asksBuyerCountry ? { rates: EU_VAT_STANDARD_RATES, words: vatMessages } : undefined,
      success: button.successUrl ?? undefined,
      cancel: button.cancelUrl ?? undefined,
      ready: button.canTakePayments,
    },
  };
}

/** JSON that is also safe inside an inline <script> and in pre-ES2019 engines (U+2028/2029). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Readies code built from Function#toString for browsers. toString returns the function as this process compiled
 * it, and under tsx (scripts/serve.ts) esbuild's keepNames follows each named function declaration with
 * `__name(fn, "fn");` and wraps other named functions in `__name(fn, "name")`, a helper only that process has.
 * The statements only restate the names the declarations already give, so they are dropped; if a wrapped function
 * remains, the code gets a no-op helper in its own scope.
 */
export function browserScript(code: string): string {
  const plain = code.replace(/__name\((\w+), ?"\1"\);/g, "");
  return plain.includes("__name(")
    ? `(function (__name) {\n${plain}\n})(function (fn) { return fn; });\n`
    : `${plain}\n`;
}

/** The whole script: the loader called with each button's config (one button for an embed, a page's bundles). */
export function paymentButtonScript(...configs: EmbedConfig[]): string {
  return browserScript(`${scriptJson(configs)}.forEach(${loader.toString()});`);
}

/** What an unknown id gets: a script that only tells the developer, so the host page keeps working. */
export function unknownButtonScript(id: string): string {
  return `console.warn(${scriptJson(`Popkit: payment button ${id} was not found. Check the id in your embed code.`)});\n`;
}
