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

function loader(config: EmbedConfig): void {
  const doc = document;
  const { id, messages, button } = config;

  function show(container: HTMLElement, text: string) {
    container.textContent = text;
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
    } else if (status !== "completed" && status !== "pending") {
      alert(messages.error);
    } else if (button && button.success) {
      window.location.href = button.success;
    } else {
      alert(status === "pending" ? messages.pending : messages.success);
    }
  }

  function render(container: HTMLElement, settings: NonNullable<EmbedConfig["button"]>) {
    const failed = () => {
      console.error("Failed to load PayPal SDK");
      show(container, messages.sdkFailed);
    };
    const script = doc.createElement("script");
    script.src = settings.sdk;
    script.async = true;
    script.setAttribute("data-namespace", settings.namespace);
    script.onerror = failed;
    script.onload = () => {
      // An SDK that answers with an error script still "loads": the namespace is then missing.
      const paypal = (window as unknown as Record<string, PayPalNamespace | undefined>)[settings.namespace];
      if (!paypal || !paypal.Buttons) return failed();
      // Whatever the page showed while the SDK loaded (the sell page's "Loading PayPal...") makes way.
      container.textContent = "";
      const options: PayPalButtonsComponentOptions = {
        style: settings.style,
        onCancel: () => {
          if (settings.cancel) window.location.href = settings.cancel;
        },
        onError: (error) => {
          console.error(error);
          const cause = error as unknown as CheckoutError;
          alert(cause.popkit ? cause.message : messages.error);
        },
      };
      if (settings.plan) {
        const planId = settings.plan;
        options.createSubscription = (_data, actions) =>
          actions.subscription.create({ plan_id: planId, custom_id: id });
        options.onApprove = (data) =>
          post("subscriptions", { buttonId: id, subscriptionId: data.subscriptionID || "" }).then(() =>
            paid({ status: "completed" }),
          );
      } else {
        options.createOrder = () => post("orders", { buttonId: id }).then((result) => result.orderId || "");
        const capture = (orderId: string) => post("capture", { buttonId: id, orderId });
        options.onApprove = (data, actions) =>
          capture(data.orderID)
            // A lost answer or a server hiccup is retried once: the capture is idempotent on the order.
            .catch((error: CheckoutError) => (error.retryable ? capture(data.orderID) : Promise.reject(error)))
            .then(paid, (error: CheckoutError) => {
              // PayPal's documented recovery: a declined card sends the buyer back to pick another instrument.
              if (error.issue === "INSTRUMENT_DECLINED") return actions.restart();
              throw error;
            });
      }
      try {
        paypal.Buttons(options).render(container).catch(failed);
      } catch {
        failed();
      }
    };
    doc.head.appendChild(script);
  }

  // PayPal's SDK is the heaviest script of the page: it loads once the button is about to scroll into view (or
  // a hidden one is shown), so it never competes with the host page's first paint.
  function renderNearView(container: HTMLElement, settings: NonNullable<EmbedConfig["button"]>) {
    if (typeof IntersectionObserver === "undefined") return render(container, settings);
    const nearView = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        nearView.disconnect();
        render(container, settings);
      },
      { rootMargin: "400px" },
    );
    nearView.observe(container);
  }

  function start() {
    const container = doc.getElementById(`popkit-button-${id}`);
    if (!container) {
      // The script may come before its placeholder: look again once the page is parsed.
      if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start);
      else console.warn(`Popkit: add <div id="popkit-button-${id}"></div> where the button should appear.`);
      return;
    }
    // The same script included twice renders one button.
    if (container.getAttribute("data-popkit")) return;
    container.setAttribute("data-popkit", "1");
    if (!button) show(container, messages.unavailable);
    else if (!button.ready) show(container, messages.sellerNotReady);
    else renderNearView(container, button);
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
