import type { PayPalButtonsComponentOptions, PayPalNamespace } from "@paypal/paypal-js";
import { sdkButtonStyle, sdkNamespace } from "~/lib/paypal-button";
import { checkoutMessages } from "~/lib/checkout-messages";
import type { PublicButton } from "~/server/services/checkout";

// The script merchants embed: <div id="popkit-button-{id}"></div> + <script src="{APP_URL}/api/button/{id}.js">.
// GET /api/button/{id}.js serves `loader` (serialised with Function#toString) called with this button's
// config; our digital sell pages inline it for their bundle buttons, so every buyer pays through this one
// path. Before the PayPal SDK it is the only code a merchant's page downloads, so it stays tiny (bench:
// scripts/bench/embed.ts) and self-contained: `loader` may reference nothing outside itself except the
// browser's globals, and is written for any browser that runs the PayPal SDK.

export type EmbedConfig = {
  id: string;
  /** Our origin: the CORS checkout endpoints live at {api}/api/checkout/*. */
  api: string;
  messages: typeof checkoutMessages;
  /** null: the button is switched off. */
  button: null | {
    /** The PayPal SDK URL with client id, currency and intent (vault for subscriptions) already in its query. */
    sdk: string;
    /** The SDK's data-namespace: the host page's own window.paypal stays untouched. */
    namespace: string;
    style: ReturnType<typeof sdkButtonStyle>;
    /** Subscription buttons: the PayPal plan; one-time buttons: null. */
    plan: string | null;
    success: string | null;
    cancel: string | null;
    /** False when the merchant cannot take payments yet (no saved secret for this client id). */
    ready: boolean;
  };
};

type CheckoutError = Error & { popkit?: boolean; issue?: string; retryable?: boolean };

// Buyers read every outcome in the button's own container, never in a native dialog (issue 18): under the button
// sit two live regions, status and alert, created empty so screen readers announce what is written into them
// later. `say(text, tone)` writes an ERROR into the alert region and anything else into the status region ("" empties
// both); `show` first replaces whatever the container holds (a placeholder, a broken button) and returns the
// element the button renders into. A new attempt (createOrder, createSubscription) starts without the last one's
// message. The host page is someone else's: nothing but inline styles on our own elements, in the colours of
// the product's alerts (green, yellow, red: `tones`), and text only through textContent. A capture whose answer
// is lost or fails on our side is retried after 1, 2, 4 and 8 s (it is idempotent on the order; a restart or a
// database hiccup passes within that), and the reconciliation job records it if all fail. A file's download link
// is handed out once: a capture answered before (a retry whose first answer was lost) brings `downloadNotice`
// instead, which points the buyer at the link they have or their receipt. On a page with a nonce-based CSP (ours, or
// a merchant's), the loader's own nonce goes on PayPal's SDK script, and as data-csp-nonce, which PayPal's SDK puts
// on the scripts and styles it adds. New comments go here
// rather than inside `loader`: Function#toString keeps them, and every byte of it is sent to every buyer.
function loader(config: EmbedConfig): void {
  const doc = document;
  const { id, messages, button } = config;
  const nonce = (doc.currentScript as HTMLScriptElement | null)?.nonce;
  let container: HTMLElement;
  let regions: HTMLElement[] | undefined;
  const NOTICE = 1;
  const ERROR = 2;
  const tones = [
    "color:#15803d;background:#f0fdf4;border:1px solid #bbf7d0",
    "color:#854d0e;background:#fefce8;border:1px solid #fef08a",
    "color:#b91c1c;background:#fef2f2;border:1px solid #fecaca",
  ];

  function say(text: string, tone = 0) {
    regions =
      regions ||
      ["status", "alert"].map((role) => {
        const region = container.appendChild(doc.createElement("div"));
        region.setAttribute("role", role);
        return region;
      });
    regions.forEach((region, index) => {
      const isShown = text && index === +(tone === ERROR);
      region.textContent = isShown ? text : "";
      region.style.cssText = isShown
        ? "margin-top:8px;padding:10px 14px;border-radius:8px;font:14px/1.4 sans-serif;" + tones[tone]
        : "";
    });
  }

  function show(text: string, tone = 0) {
    container.textContent = "";
    regions = undefined;
    const host = container.appendChild(doc.createElement("div"));
    say(text, tone);
    return host;
  }

  function failure(message: string, retryable: boolean, issue?: string): CheckoutError {
    const error: CheckoutError = new Error(message);
    error.popkit = true;
    error.issue = issue;
    error.retryable = retryable;
    return error;
  }

  function post(path: string, body: Record<string, string>): Promise<Record<string, string>> {
    return fetch(`${config.api}/api/checkout/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then(
      (response) =>
        response
          .json()
          .catch(() => ({}))
          .then((json: { error?: { message?: string; issue?: string } } & Record<string, string>) => {
            if (response.ok) return json;
            // Our server's messages are written for buyers; anything else gets the generic one.
            const error = json.error || {};
            throw failure(error.message || messages.error, response.status >= 500, error.issue);
          }),
      () => {
        throw failure(messages.error, true);
      },
    );
  }

  function paid(result: Record<string, string>) {
    const status = result.status || "";
    if (result.downloadToken) {
      // A digital sell page's file (completed or pending): /thank-you shows the purchase and opens the download.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- runs outside Next's router
      window.location.href = `${config.api}/thank-you?token=${encodeURIComponent(result.downloadToken)}`;
    } else if (result.downloadNotice) {
      say(result.downloadNotice);
    } else if (status !== "completed" && status !== "pending") {
      say(messages.error, ERROR);
    } else if (button && button.success) {
      window.location.href = button.success;
    } else if (status === "pending") {
      say(messages.pending, NOTICE);
    } else {
      say(messages.success);
    }
  }

  function render(settings: NonNullable<EmbedConfig["button"]>) {
    const failed = () => {
      console.error("Failed to load PayPal SDK");
      show(messages.sdkFailed, ERROR);
    };
    const script = doc.createElement("script");
    script.src = settings.sdk;
    script.async = true;
    script.setAttribute("data-namespace", settings.namespace);
    if (nonce) {
      script.nonce = nonce;
      script.setAttribute("data-csp-nonce", nonce);
    }
    script.onerror = failed;
    script.onload = () => {
      // An SDK that answers with an error script still "loads": the namespace is then missing.
      const paypal = (window as unknown as Record<string, PayPalNamespace | undefined>)[settings.namespace];
      if (!paypal || !paypal.Buttons) return failed();
      // Whatever the page showed while the SDK loaded (the sell page's "Loading PayPal...") makes way.
      const host = show("");
      const options: PayPalButtonsComponentOptions = {
        style: settings.style,
        onCancel: () => {
          if (settings.cancel) window.location.href = settings.cancel;
        },
        onError: (error) => {
          console.error(error);
          const cause = error as unknown as CheckoutError;
          say(cause.popkit ? cause.message : messages.error, ERROR);
        },
      };
      if (settings.plan) {
        const planId = settings.plan;
        options.createSubscription = (_data, actions) => {
          say("");
          return actions.subscription.create({ plan_id: planId, custom_id: id });
        };
        options.onApprove = (data) =>
          post("subscriptions", { buttonId: id, subscriptionId: data.subscriptionID || "" }).then(() =>
            paid({ status: "completed" }),
          );
      } else {
        options.createOrder = () => {
          say("");
          return post("orders", { buttonId: id }).then((result) => result.orderId || "");
        };
        const capture = (orderId: string, wait: number): Promise<Record<string, string>> =>
          post("capture", { buttonId: id, orderId }).catch((error: CheckoutError) =>
            error.retryable && wait <= 8000
              ? new Promise<void>((done) => setTimeout(done, wait)).then(() => capture(orderId, wait * 2))
              : Promise.reject(error),
          );
        options.onApprove = (data, actions) =>
          capture(data.orderID, 1000).then(paid, (error: CheckoutError) => {
            // PayPal's documented recovery: a declined card sends the buyer back to pick another instrument.
            if (error.issue === "INSTRUMENT_DECLINED") return actions.restart();
            throw error;
          });
      }
      try {
        paypal.Buttons(options).render(host).catch(failed);
      } catch {
        failed();
      }
    };
    doc.head.appendChild(script);
  }

  // PayPal's SDK is the heaviest script of the page: it loads once the button is about to scroll into view (or
  // a hidden one is shown), so it never competes with the host page's first paint.
  function renderNearView(settings: NonNullable<EmbedConfig["button"]>) {
    if (typeof IntersectionObserver === "undefined") return render(settings);
    const nearView = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        nearView.disconnect();
        render(settings);
      },
      { rootMargin: "400px" },
    );
    nearView.observe(container);
  }

  function start() {
    const found = doc.getElementById(`popkit-button-${id}`);
    if (!found) {
      // The script may come before its placeholder: look again once the page is parsed.
      if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start);
      else console.warn(`Popkit: add <div id="popkit-button-${id}"></div> where the button should appear.`);
      return;
    }
    // The same script included twice renders one button.
    if (found.getAttribute("data-popkit")) return;
    found.setAttribute("data-popkit", "1");
    container = found;
    if (!button) show(messages.unavailable, NOTICE);
    else if (!button.ready) show(messages.sellerNotReady, NOTICE);
    else renderNearView(button);
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

export function embedConfig(
  id: string,
  button: PublicButton | null,
  urls: { appUrl: string; sdkBaseUrl: string },
): EmbedConfig {
  return {
    id,
    api: urls.appUrl.replace(/\/+$/, ""),
    messages: checkoutMessages,
    button: button && {
      sdk: sdkUrl(urls.sdkBaseUrl, button),
      namespace: sdkNamespace(button.id),
      style: sdkButtonStyle(button.style),
      plan: button.subscriptionPlanId,
      success: button.successUrl,
      cancel: button.cancelUrl,
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
 * Wraps code built from Function#toString for browsers. toString returns the function as this process compiled
 * it, and under tsx (scripts/serve.ts) esbuild's keepNames wraps named functions in `__name(fn, "name")`, a
 * helper only that process has: the wrapper brings a no-op one, in its own scope.
 */
export function browserScript(code: string): string {
  return `(function (__name) {\n${code}\n})(function (fn) { return fn; });\n`;
}

/** The whole script: the loader called with each button's config (one button for an embed, a page's bundles). */
export function paymentButtonScript(...configs: EmbedConfig[]): string {
  return browserScript(`${scriptJson(configs)}.forEach(${loader.toString()});`);
}

/** What an unknown id gets: a script that only tells the developer, so the host page keeps working. */
export function unknownButtonScript(id: string): string {
  return `console.warn(${scriptJson(`Popkit: payment button ${id} was not found. Check the id in your embed code.`)});\n`;
}
