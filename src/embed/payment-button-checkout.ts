import type { PayPalButtonsComponentOptions, PayPalNamespace } from "@paypal/paypal-js";
import { browserScript, scriptJson, type Checkout, type EmbedConfig, type Say } from "~/embed/payment-button";
import { checkoutMessages } from "~/lib/checkout-messages";
import type { UpsellForBuyer } from "~/server/checkout/upsell";

// The payment button's second script, GET /api/button/checkout: what happens once the buyer clicks. The loader
// (src/embed/payment-button.ts) adds it next to PayPal's SDK, so it arrives while the SDK loads and never costs the
// buyer a round trip after the click, and the loader itself stays small. It is the same for every button, so
// browsers cache it across merchants' sites. Like the loader, `checkoutScript` is serialised with Function#toString
// and may reference only the browser's globals. It hands `checkout` to the loader as a property of its own script
// element (document.currentScript), so the host page's globals stay untouched; the loader calls it with the
// button's config and its `say`, and passes what it returns to PayPal's Buttons.
//
// Outcomes go through the loader's `say` into the button's own container: an ERROR into the alert region, anything
// else into the status region, no text empties both; a new attempt (createOrder, createSubscription) starts without
// the last one's message. A buyer who approved is never told the payment failed unless PayPal refused it: the
// capture is idempotent on the order, so while our server answers "confirming" (202: PayPal may have the money,
// we have not recorded it yet) or fails on our side, the script shows "being confirmed" with PayPal's reference
// and asks again (every 2 s; after a failure 1, 2, 4, then every 8 s) for up to 10 minutes; the PayPal webhook
// and the reconciliation record it too if the buyer leaves. "Busy" (503) on creating an order is retried
// quietly a few times before the buyer sees it: nothing was charged. A file's download link is handed out once: a capture answered before (a retry whose first
// answer was lost) brings `downloadNotice` instead, which points the buyer at the link they have or their receipt; a
// digital sell page's first capture brings `downloadToken`, and /thank-you shows the purchase and opens the
// download. Subscriptions never answer INSTRUMENT_DECLINED, so the one onApprove serves both kinds of button. The
// capture that recorded a payment of a POP issuing license keys brings `licenseKeys`: the success message lists
// them (text only, so a seller's imported key is never markup); a button with a success URL sends the buyer there,
// and the receipt e-mail carries the keys.

type CheckoutError = Error & { popkit?: boolean; issue?: string; retryable?: boolean; busy?: boolean };

type Messages = Pick<
  typeof checkoutMessages,
  | "success"
  | "pending"
  | "error"
  | "confirming"
  | "licenseKey"
  | "licenseKeys"
  | "upsellYes"
  | "upsellSaved"
  | "upsellAdded"
>;

/** The one-click upsell a capture's answer offers. */
type Upsell = Omit<UpsellForBuyer, "expiresAt">;

/** What our checkout endpoints answer, as far as this script reads it. */
type Answer = {
  orderId?: string;
  subscriptionId?: string;
  status?: string;
  message?: string;
  downloadToken?: string | null;
  downloadNotice?: string | null;
  licenseKeys?: string[];
  total?: string;
  discountText?: string;
  upsell?: Upsell | null;
  taken?: { paymentId: string | null; status: string };
};

function checkoutScript(messages: Messages): void {
  const NOTICE = 1;
  const ERROR = 2;

  function checkout(config: EmbedConfig, say: Say, host: HTMLElement): PayPalButtonsComponentOptions {
    const { id, api } = config;
    const button = config.button!;
    const plan = button.plan;
    const choices = chooser(button, host);

    function failure(message: string, retryable: boolean, issue?: string, busy?: boolean): CheckoutError {
      return Object.assign(new Error(message), { popkit: true, retryable, issue, busy });
    }

    function later<T>(ms: number, then: () => Promise<T>): Promise<T> {
      return new Promise((done) => setTimeout(done, ms)).then(then);
    }

    function post(path: string, body: Record<string, string | undefined>): Promise<Answer> {
      return fetch(`${api}/api/checkout/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(Object.assign({ buttonId: id }, body)),
      }).then(
        (response) =>
          response
            .json()
            .catch(() => ({}))
            .then((json: { error?: { message?: string; issue?: string } } & Answer) => {
              if (response.ok) return json;
              // Our server's messages are written for buyers; anything else gets the generic one.
              const error = json.error || {};
              throw failure(
                error.message || messages.error,
                response.status >= 500,
                error.issue,
                response.status === 503,
              );
            }),
        () => {
          throw failure(messages.error, true);
        },
      );
    }

    function capture(orderId: string, wait: number, until: number, buttonId = id): Promise<Answer> {
      const again = (notice: string, ms: number) => {
        if (notice) say(notice, NOTICE);
        // Past the deadline the notice stays: the receipt e-mail follows once the payment is recorded.
        return Date.now() > until
          ? { status: "confirming" }
          : later(ms, () => capture(orderId, ms * 2, until, buttonId));
      };
      return post("capture", { orderId, buttonId }).then(
        (result) => (result.status === "confirming" ? again(result.message || "", 2000) : result),
        (error: CheckoutError) => {
          if (!error.retryable) throw error;
          // We cannot tell whether PayPal took the money: after a few tries the buyer is told it is being confirmed.
          return again(wait > 2000 ? messages.confirming.replace("{id}", orderId) : "", Math.min(wait, 8000));
        },
      );
    }

    function create(tries: number): Promise<string> {
      return post("orders", choices.values()).then(
        (result) => result.orderId || "",
        (error: CheckoutError) =>
          error.busy && tries > 0 ? later(2000, () => create(tries - 1)) : Promise.reject(error),
      );
    }

    // The upsell comes before everything that leaves the payment: the thank-you page, the seller's success URL.
    function paid(result: Answer) {
      if (result.upsell && result.status === "completed") offer(result.upsell, () => done(result));
      else done(result);
    }

    function offer(upsell: Upsell, then: () => void) {
      const doc = document;
      const box = doc.createElement("div");
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", upsell.headline);
      box.style.cssText =
        "margin:10px 0 0;padding:12px;border:2px solid #2563eb;border-radius:8px;background:#eff6ff;font:14px/1.4 sans-serif;color:#111827;text-align:left";
      const text = (tag: string, value: string, css: string) => {
        const node = box.appendChild(doc.createElement(tag));
        node.textContent = value;
        node.style.cssText = css;
        return node;
      };
      text("strong", upsell.headline, "display:block;font-size:16px");
      text("span", `${upsell.name} for ${upsell.price}`, "display:block;margin:4px 0 10px");
      const action = (label: string, css: string) => {
        const node = box.appendChild(doc.createElement("button"));
        node.type = "button";
        node.textContent = label;
        node.style.cssText = `font:inherit;cursor:pointer;${css}`;
        return node;
      };
      const yes = action(
        messages.upsellYes,
        "padding:8px 16px;border:0;border-radius:6px;background:#2563eb;color:#fff;font-weight:600;margin-right:12px",
      );
      const no = action(
        upsell.declineText,
        "padding:8px 0;border:0;background:none;color:#374151;text-decoration:underline",
      );
      if (upsell.oneClick) text("small", messages.upsellSaved, "display:block;margin-top:8px;color:#4b5563");
      host.parentNode!.insertBefore(box, host.nextSibling);
      say(messages.success);

      const added = () => {
        box.remove();
        then();
        say(`${messages.success} ${messages.upsellAdded.replace("{name}", upsell.name)}`);
      };
      no.onclick = () => {
        box.remove();
        post("upsell", { token: upsell.token, answer: "no" }).catch(() => undefined);
        then();
      };
      yes.onclick = () => {
        yes.disabled = no.disabled = true;
        post("upsell", { token: upsell.token, answer: "yes" }).then(
          (answer) => {
            if (answer.taken) return added();
            // No saved wallet: the buyer approves this one order in PayPal's window.
            yes.remove();
            const slot = box.insertBefore(doc.createElement("div"), no);
            const sdk = (window as unknown as Record<string, PayPalNamespace>)[config.button!.namespace]!;
            void sdk.Buttons!({
              style: button.style,
              createOrder: () => Promise.resolve(answer.orderId || ""),
              onApprove: (data) =>
                capture(data.orderID, 1000, Date.now() + 10 * 60 * 1000, upsell.buttonId).then(
                  (result) => (result.status === "completed" ? added() : say(messages.error, ERROR)),
                  (error: CheckoutError) => say(error.message, ERROR),
                ),
            }).render(slot);
            no.disabled = false;
          },
          (error: CheckoutError) => {
            // The buyer may answer again (a refused saved account falls back to PayPal's window).
            yes.disabled = no.disabled = false;
            say(error.message, ERROR);
          },
        );
      };
    }

    function done(result: Answer) {
      const status = result.status;
      const keys = result.licenseKeys || [];
      if (status === "confirming") {
        // The notice with PayPal's reference is already shown.
      } else if (result.downloadToken) {
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- runs outside Next's router
        location.href = `${api}/thank-you?token=${encodeURIComponent(result.downloadToken)}`;
      } else if (result.downloadNotice) {
        say(result.downloadNotice);
      } else if (status !== "completed" && status !== "pending") {
        say(messages.error, ERROR);
      } else if (button.success) {
        location.href = button.success;
      } else if (status === "pending") {
        say(messages.pending, NOTICE);
      } else if (keys.length) {
        say(`${messages.success} ${keys.length > 1 ? messages.licenseKeys : messages.licenseKey} ${keys.join(", ")}`);
      } else {
        say(messages.success);
      }
    }

    const options: PayPalButtonsComponentOptions = {
      style: button.style,
      onCancel() {
        if (button.cancel) location.href = button.cancel;
      },
      onError(error) {
        console.error(error);
        const cause = error as unknown as CheckoutError;
        say(cause.popkit ? cause.message : messages.error, ERROR);
      },
      onApprove(data, actions) {
        return (
          plan
            ? post("subscriptions", { subscriptionId: data.subscriptionID || "" }).then(() => ({ status: "completed" }))
            : capture(data.orderID, 1000, Date.now() + 10 * 60 * 1000)
        ).then(paid, (error: CheckoutError) => {
          // PayPal's documented recovery: a declined card sends the buyer back to pick another instrument.
          if (error.issue === "INSTRUMENT_DECLINED") return actions.restart();
          throw error;
        });
      },
    };
    if (plan) {
      // Our server creates it: with the buyer's country, it adds that country's VAT to every payment.
      options.createSubscription = () => {
        say();
        return post("subscriptions/start", choices.values()).then((answer) => answer.subscriptionId || "");
      };
    } else {
      options.createOrder = () => {
        say();
        return create(5);
      };
      choices.onApply(() => {
        say();
        post("quote", choices.values()).then(
          (quote) => say(`${quote.discountText ? quote.discountText + ". " : ""}Total: ${quote.total}`),
          (error: CheckoutError) => say(error.message, ERROR),
        );
      });
    }
    return options;
  }

  // The buyer's choices the seller allows (pay what you want, quantity, a discount code, the order bump, the country for
  // EU VAT and a business's VAT number), drawn above PayPal's
  // button in the host page's flow with inline styles only. Our server checks and prices them (the "quote" and
  // "orders" endpoints); nothing here decides a price.
  function chooser(button: NonNullable<EmbedConfig["button"]>, host: HTMLElement) {
    const doc = document;
    const box = doc.createElement("div");
    box.style.cssText = "margin:0 0 10px;font:14px/1.4 sans-serif;color:#111827;text-align:left";
    const money = new Intl.NumberFormat("en-US", { style: "currency", currency: button.currency || "USD" });
    const digits = money.resolvedOptions().maximumFractionDigits ?? 2;
    const inputs: Record<string, HTMLInputElement> = {};
    let apply: HTMLButtonElement | undefined;

    function field(name: string, label: string, value: string, type: string) {
      const row = box.appendChild(doc.createElement("label"));
      row.style.cssText = "display:block;margin:0 0 8px";
      row.textContent = label;
      const input = row.appendChild(doc.createElement("input"));
      input.name = name;
      input.value = value;
      input.type = type;
      input.style.cssText =
        "display:block;box-sizing:border-box;width:100%;margin-top:4px;padding:8px 10px;border:1px solid #d1d5db;border-radius:6px;font:inherit";
      inputs[name] = input;
      return input;
    }

    if (button.pwyw) {
      const [minimum, suggested] = button.pwyw;
      const amount = field(
        "amount",
        `Name your price (${money.format(minimum / 10 ** digits)} or more)`,
        (suggested / 10 ** digits).toFixed(digits),
        "text",
      );
      amount.inputMode = "decimal";
    }
    if (button.qty) {
      const quantity = field("quantity", "Quantity", "1", "number");
      quantity.min = "1";
      quantity.max = String(button.qty);
    }
    if (button.codes) {
      field("discountCode", "Discount code", "", "text").autocomplete = "off";
      apply = box.appendChild(doc.createElement("button"));
      apply.type = "button";
      apply.textContent = "Apply";
      apply.style.cssText =
        "padding:6px 14px;border:1px solid #d1d5db;border-radius:6px;background:#f9fafb;font:inherit;cursor:pointer";
    }
    let bump: HTMLInputElement | undefined;
    if (button.bump) {
      const [label, pitch] = button.bump;
      const row = box.appendChild(doc.createElement("label"));
      row.style.cssText =
        "display:block;margin:0 0 8px;padding:8px 10px;border:1px dashed #9ca3af;border-radius:6px;background:#fffbeb";
      bump = row.appendChild(doc.createElement("input"));
      bump.type = "checkbox";
      bump.name = "bump";
      bump.style.marginRight = "6px";
      row.appendChild(doc.createElement("strong")).textContent = label;
      if (pitch) {
        const note = row.appendChild(doc.createElement("span"));
        note.style.cssText = "display:block;margin-top:2px;color:#4b5563";
        note.textContent = pitch;
      }
    }
    if (button.ships) {
      const note = box.appendChild(doc.createElement("p"));
      note.style.cssText = "margin:0 0 8px;color:#4b5563";
      note.textContent = button.ships;
    }
    let country: HTMLSelectElement | undefined;
    if (button.vat) {
      const { rates, words } = button.vat;
      const row = box.appendChild(doc.createElement("label"));
      row.style.cssText = "display:block;margin:0 0 8px";
      row.textContent = words.countryLabel;
      country = row.appendChild(doc.createElement("select"));
      country.name = "buyerCountry";
      country.style.cssText =
        "display:block;box-sizing:border-box;width:100%;margin-top:4px;padding:8px 10px;border:1px solid #d1d5db;border-radius:6px;font:inherit;background:#fff";
      const names = new Intl.DisplayNames(["en"], { type: "region" });
      const countries: [string, string][] = [];
      for (const code in rates) countries.push([code, names.of(code) || code]);
      countries.sort((a, b) => a[1].localeCompare(b[1]));
      const choices: [string, string][] = [["", words.countryPlaceholder], ...countries, ["other", words.otherCountry]];
      for (const [value, label] of choices) {
        const option = country.appendChild(doc.createElement("option"));
        option.value = value;
        option.textContent = label;
      }
      const vatNumber = field("vatNumber", words.vatNumberLabel, "", "text");
      vatNumber.autocomplete = "off";
      const note = box.appendChild(doc.createElement("p"));
      note.style.cssText = "margin:0 0 8px;color:#4b5563";
      note.setAttribute("aria-live", "polite");
      const explain = () => {
        const code = country!.value;
        note.textContent = !rates[code]
          ? ""
          : vatNumber.value.trim()
            ? words.reverseCharge
            : words.added.replace("{country}", names.of(code) || code).replace("{rate}", rates[code]!);
      };
      country.addEventListener("change", explain);
      vatNumber.addEventListener("input", explain);
    }
    if (box.firstChild) host.parentNode!.insertBefore(box, host);

    return {
      values() {
        const values: Record<string, string> = {};
        for (const name in inputs) if (inputs[name]!.value.trim()) values[name] = inputs[name]!.value.trim();
        if (bump?.checked) values.bump = "true";
        if (country?.value) values.buyerCountry = country.value;
        return values;
      },
      onApply(run: () => void) {
        apply?.addEventListener("click", run);
      },
    };
  }

  (document.currentScript as HTMLScriptElement & { popkit?: Checkout }).popkit = checkout;
}

/** The script's text: the same for every button. */
export function paymentButtonCheckoutScript(): string {
  const { success, pending, error, confirming, licenseKey, licenseKeys, upsellYes, upsellSaved, upsellAdded } =
    checkoutMessages;
  const messages = {
    success,
    pending,
    error,
    confirming,
    licenseKey,
    licenseKeys,
    upsellYes,
    upsellSaved,
    upsellAdded,
  };
  return browserScript(`(${checkoutScript.toString()})(${scriptJson(messages)});`);
}
