// The fake PayPal JS SDK that the local sandbox serves at /sdk/js. sdk-script.ts wraps this file in an IIFE and
// calls installPayPalSandboxSdk with the script URL's settings. Where the real SDK renders iframes and opens a
// popup, this one renders the button in the page and opens an in-page dialog as the "buyer window". It talks to
// the sandbox's REST API with a facilitator token, as the real SDK does for client-side actions. It runs in the
// merchant's page as one closure over the script URL's settings, hence one file past 400 lines; the window's
// shipping section, which needs none of it, is in sdk-shipping.js.

/**
 * @typedef {{ base: string, clientId: string, currency: string, intent: string, vault: boolean,
 *   version: string, buyers: { id: string, label: string }[], addresses: { id: string, label: string }[] }}
 *   SandboxSdkConfig
 * @typedef {{ action: "approve" | "decline" | "cancel", buyer: string, email?: string, address?: string,
 *   option?: string }} BuyerChoice
 * @typedef {Record<string, any>} Json
 * @typedef {{ view: ShippingView, pick: ShippingPick }} Shipping
 */

/** @param {SandboxSdkConfig} config */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the wrapper that sdk-script.ts adds
function installPayPalSandboxSdk(config) {
  const script = document.currentScript;
  const namespace = (script && script.getAttribute("data-namespace")) || "paypal";
  const COLORS = {
    gold: { background: "#ffc439", hover: "#f2ba36", text: "#111111", pay: "#003087", pal: "#0070e0" },
    blue: { background: "#0070ba", hover: "#005ea6", text: "#ffffff", pay: "#ffffff", pal: "#ffffff" },
    silver: { background: "#eeeeee", hover: "#dddddd", text: "#111111", pay: "#003087", pal: "#0070e0" },
    white: { background: "#ffffff", hover: "#f2f2f2", text: "#111111", pay: "#003087", pal: "#0070e0" },
    black: { background: "#2c2e2f", hover: "#000000", text: "#ffffff", pay: "#ffffff", pal: "#ffffff" },
  };
  /** Text before and after the PayPal logo, per `style.label`. */
  const LABELS = {
    paypal: ["", ""],
    checkout: ["", " Checkout"],
    buynow: ["", " Buy Now"],
    pay: ["Pay with ", ""],
    subscribe: ["", " Subscribe"],
    donate: ["", " Donate"],
    installment: ["", " Pay in 4"],
  };
  let uid = 0;
  /** PayPal's select look, shared with the shipping section (sdk-shipping.js). */
  const SELECT_STYLE = {
    width: "100%",
    padding: "10px",
    border: "1px solid #9da3a6",
    borderRadius: "6px",
    fontSize: "15px",
    background: "#fff",
    color: "#2c2e2f",
  };
  /** @type {Promise<string> | undefined} */
  let facilitatorToken;

  /**
   * @param {string} path
   * @param {{ method?: string, body?: unknown, token?: string }} [options]
   * @returns {Promise<{ ok: boolean, status: number, json: Json }>}
   */
  async function request(path, options = {}) {
    /** @type {Record<string, string>} */
    const headers = { "content-type": "application/json" };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(config.base + path, {
      method: options.method || (options.body === undefined ? "GET" : "POST"),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { ok: response.ok, status: response.status, json: await response.json().catch(() => ({})) };
  }

  /** @param {string} path @param {Json} json @param {number} status */
  const failure = (path, json, status) => {
    const issue = json.details && json.details[0] ? json.details[0].issue : json.message;
    return new Error(`${path} returned ${status}: ${json.name || "ERROR"} ${issue || ""}`.trim());
  };

  /**
   * @param {string} path
   * @param {{ method?: string, body?: unknown, token?: string }} [options]
   * @returns {Promise<Json>}
   */
  async function call(path, options = {}) {
    const { ok, status, json } = await request(path, options);
    if (!ok) throw failure(path, json, status);
    return json;
  }

  /** REST calls with the facilitator access token the SDK holds for its client id. */
  /** @param {string} path @param {{ method?: string, body?: unknown }} [options] */
  async function rest(path, options = {}) {
    facilitatorToken ??= call("/__sandbox/sdk/token", { body: { client_id: config.clientId } }).then(
      (json) => json.access_token,
      (error) => {
        facilitatorToken = undefined; // let the next click try again
        throw error;
      },
    );
    return call(path, { ...options, token: await facilitatorToken });
  }

  /**
   * @param {string} tag
   * @param {Record<string, string>} [attrs]
   * @param {Record<string, string>} [style]
   * @param {(Node | string)[]} [children]
   */
  function h(tag, attrs = {}, style = {}, children = []) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    Object.assign(node.style, style);
    for (const child of children) node.append(child);
    return node;
  }

  /** @param {string} color @param {string} size */
  function logo(color, size) {
    const { pay, pal } = COLORS[/** @type {keyof COLORS} */ (color)];
    const font = { fontStyle: "italic", fontWeight: "800", fontSize: size, fontFamily: "Verdana, Arial, sans-serif" };
    return h("span", { "aria-hidden": "true" }, font, [
      h("span", {}, { color: pay }, ["Pay"]),
      h("span", {}, { color: pal }, ["Pal"]),
    ]);
  }

  /** @param {Json} order */
  function checkOrderMatchesScript(order) {
    const currency = order.purchase_units[0].amount.currency_code;
    if (currency !== config.currency) {
      throw new Error(
        `Unexpected currency: ${currency} passed to order.create. Please ensure you are passing /sdk/js?currency=${currency} in the paypal script tag.`,
      );
    }
    const intent = String(order.intent).toLowerCase();
    if (intent !== config.intent) {
      throw new Error(
        `Unexpected intent: ${order.intent} passed to order.create. Please ensure you are passing /sdk/js?intent=${intent} in the paypal script tag.`,
      );
    }
    if (order.status !== "CREATED" && order.status !== "APPROVED") {
      throw new Error(`Order ${order.id} is ${order.status} and cannot be approved`);
    }
  }

  /** @param {Json} details @param {boolean} isSubscription */
  function summary(details, isSubscription) {
    if (isSubscription) return [`Subscription to plan ${details.plan_id}`, `Quantity ${details.quantity}`];
    const unit = details.purchase_units[0];
    /** @param {string} value */
    const money = (value) =>
      new Intl.NumberFormat("en-US", { style: "currency", currency: unit.amount.currency_code }).format(Number(value));
    // PayPal's window lists the order's items and its discount when the order carries them.
    const items = (unit.items || []).map(
      /** @param {Json} item */ (item) => `${item.name} × ${item.quantity}, ${money(item.unit_amount.value)} each`,
    );
    const breakdown = unit.amount.breakdown || {};
    // Once shipping or tax is added (the merchant's callback prices them), the window itemises the total (the
    // headline).
    const itemised = Boolean(breakdown.shipping || breakdown.tax_total);
    return [
      `${money(unit.amount.value)} ${unit.amount.currency_code}`,
      unit.description || "",
      ...items,
      ...(itemised && breakdown.item_total ? [`Items ${money(breakdown.item_total.value)}`] : []),
      ...(breakdown.discount ? [`Discount −${money(breakdown.discount.value)}`] : []),
      ...(breakdown.shipping ? [`Shipping ${money(breakdown.shipping.value)}`] : []),
      ...(breakdown.tax_total ? [`Tax ${money(breakdown.tax_total.value)}`] : []),
      `To ${unit.payee.email_address}`,
    ];
  }

  /**
   * The shipping picks of an order whose address the buyer picks, else undefined. The first call prices the
   * preselected address: PayPal calls the merchant back as its review page loads.
   * @param {string} orderId @param {Json} details the order as GET showed it
   * @returns {Promise<Shipping | undefined>}
   */
  async function shippingOf(orderId, details) {
    /** @param {Json} order */
    const optionsOf = (order) => (order.purchase_units[0].shipping && order.purchase_units[0].shipping.options) || [];
    /** @type {ShippingView} */
    let current = {
      lines: summary(details, false),
      address: config.addresses[0]?.id ?? "",
      options: optionsOf(details),
    };
    const path = `/__sandbox/orders/${encodeURIComponent(orderId)}/shipping`;
    /** @param {{ address?: string, option?: string }} picks */
    const pick = async (picks) => {
      const { ok, status, json } = await request(path, { body: { client_id: config.clientId, ...picks } });
      if (ok) {
        const { address, option, shipping_preference: preference } = json.sandbox;
        current = { lines: summary(json, false), address, option: option ?? undefined, options: optionsOf(json) };
        return { view: current, ships: preference === "GET_FROM_FILE" };
      }
      // A refusal: PayPal's message for the buyer, the order as it was.
      const detail = json.details && json.details[0];
      if (status === 422 && detail) return { view: { ...current, ...picks, message: detail.description }, ships: true };
      throw failure(path, json, status);
    };
    const first = await pick({});
    if (!first.ships) return undefined;
    return { view: first.view, pick: (picks) => pick(picks).then((next) => next.view) };
  }

  /**
   * The in-page "buyer window": opens at once (as PayPal's popup does) and shows the order once it is known.
   * @param {boolean} isSubscription
   * @param {HTMLElement} opener
   */
  function buyerWindow(isSubscription, opener) {
    const id = `paypal-sandbox-${++uid}`;
    /** @type {((choice: BuyerChoice) => void) | undefined} */
    let pending;
    let closed = false;
    const body = h("div", { role: "status" }, { margin: "16px 0", color: "#515354" }, ["Connecting to PayPal…"]);
    const closeButton = h(
      "button",
      { type: "button", "aria-label": "Close" },
      {
        border: "0",
        background: "transparent",
        fontSize: "22px",
        lineHeight: "1",
        cursor: "pointer",
        color: "#515354",
        padding: "4px",
      },
      ["×"],
    );
    const dialog = h(
      "div",
      { role: "dialog", "aria-modal": "true", "aria-labelledby": `${id}-title`, tabindex: "-1" },
      {
        background: "#ffffff",
        color: "#2c2e2f",
        borderRadius: "12px",
        width: "min(420px, 92vw)",
        padding: "20px 24px 24px",
        boxShadow: "0 12px 40px rgba(0,0,0,.25)",
        fontFamily: "system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
        fontSize: "15px",
        boxSizing: "border-box",
        textAlign: "left",
      },
      [
        h("div", {}, { display: "flex", alignItems: "center", justifyContent: "space-between" }, [
          h("div", {}, { display: "flex", alignItems: "center", gap: "8px" }, [
            logo("white", "22px"),
            h(
              "span",
              {},
              {
                fontSize: "11px",
                fontWeight: "600",
                background: "#fff4ce",
                color: "#6b4e00",
                borderRadius: "4px",
                padding: "2px 6px",
              },
              ["SANDBOX"],
            ),
          ]),
          closeButton,
        ]),
        h("h2", { id: `${id}-title` }, { fontSize: "18px", margin: "14px 0 0", fontWeight: "600" }, [
          isSubscription ? "Subscribe with PayPal" : "Pay with PayPal",
        ]),
        body,
      ],
    );
    const backdrop = h(
      "div",
      {},
      {
        position: "fixed",
        inset: "0",
        background: "rgba(0,0,0,.45)",
        zIndex: "2147483000",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
      },
      [dialog],
    );
    // Closing while the order is still being created cancels as soon as it is known.
    const cancel = () => (pending ? pending({ action: "cancel", buyer: "" }) : window_.close());
    /** @param {KeyboardEvent} event */
    const onKey = (event) => {
      if (event.key === "Escape") cancel();
    };
    closeButton.addEventListener("click", cancel);
    document.addEventListener("keydown", onKey);
    document.body.append(backdrop);
    dialog.focus();

    const window_ = {
      /** @param {string[]} lines @param {Shipping} [shipping] @returns {Promise<BuyerChoice>} */
      choose(lines, shipping) {
        if (closed) return Promise.resolve({ action: "cancel", buyer: "" });
        const select = /** @type {HTMLSelectElement} */ (
          h(
            "select",
            { id: `${id}-buyer` },
            SELECT_STYLE,
            config.buyers.map((b) => {
              const option = /** @type {HTMLOptionElement} */ (h("option", { value: b.id }, {}, [b.label]));
              return option;
            }),
          )
        );
        // The PayPal account the buyer signs in with: receipts go to it (empty = the persona's own address).
        const email = /** @type {HTMLInputElement} */ (
          h(
            "input",
            { id: `${id}-email`, type: "email", autocomplete: "email", placeholder: "The test buyer's own" },
            {
              width: "100%",
              boxSizing: "border-box",
              padding: "10px",
              border: "1px solid #9da3a6",
              borderRadius: "6px",
              fontSize: "15px",
            },
          )
        );
        const button = (/** @type {string} */ label, /** @type {Record<string, string>} */ style) =>
          h(
            "button",
            { type: "button" },
            {
              height: "44px",
              borderRadius: "22px",
              fontSize: "15px",
              fontWeight: "600",
              cursor: "pointer",
              padding: "0 18px",
              ...style,
            },
            [label],
          );
        const approve = /** @type {HTMLButtonElement} */ (
          button("Approve", { width: "100%", border: "0", background: "#ffc439", color: "#111" })
        );
        const decline = button("Decline", {
          flex: "1",
          border: "1px solid #b42318",
          background: "#fff",
          color: "#b42318",
        });
        const cancelButton = button("Cancel", {
          flex: "1",
          border: "1px solid #9da3a6",
          background: "#fff",
          color: "#2c2e2f",
        });
        const summaryBox = h("div");
        /** @param {string[]} shown */
        const showSummary = ([headline = "", ...rest]) =>
          summaryBox.replaceChildren(
            h("p", {}, { fontSize: "26px", fontWeight: "700", margin: "0 0 4px" }, [headline]),
            ...rest.filter(Boolean).map((line) => h("p", {}, { margin: "0 0 4px", color: "#515354" }, [line])),
          );
        showSummary(lines);
        // Approve waits while the merchant prices a pick, and stays disabled while it refuses one.
        const panel =
          shipping &&
          sandboxShippingPanel({
            id,
            h,
            selectStyle: SELECT_STYLE,
            addresses: config.addresses,
            view: shipping.view,
            pick: shipping.pick,
            onView: (view, busy) => {
              showSummary(view.lines);
              approve.disabled = busy || Boolean(view.message);
            },
          });
        body.removeAttribute("role");
        body.style.color = "#2c2e2f";
        body.replaceChildren(
          summaryBox,
          h("label", { for: `${id}-buyer` }, { display: "block", margin: "16px 0 6px", fontWeight: "600" }, [
            "Test buyer",
          ]),
          select,
          h("label", { for: `${id}-email` }, { display: "block", margin: "12px 0 6px", fontWeight: "600" }, [
            "PayPal account e-mail",
          ]),
          email,
          ...(panel ? panel.nodes : []),
          h("div", {}, { marginTop: "18px", display: "grid", gap: "10px" }, [
            approve,
            h("div", {}, { display: "flex", gap: "10px" }, [decline, cancelButton]),
          ]),
          h("p", {}, { fontSize: "12px", color: "#6c7378", margin: "14px 0 0" }, [
            "Local PayPal sandbox: no real account, no real money.",
          ]),
        );
        select.focus();
        return new Promise((resolve) => {
          pending = resolve;
          approve.addEventListener("click", () => {
            if (approve.disabled) return;
            const picks = panel ? panel.picks() : {};
            resolve({ action: "approve", buyer: select.value, email: email.value.trim() || undefined, ...picks });
          });
          decline.addEventListener("click", () => resolve({ action: "decline", buyer: select.value }));
          cancelButton.addEventListener("click", cancel);
        });
      },
      close() {
        if (closed) return;
        closed = true;
        document.removeEventListener("keydown", onKey);
        backdrop.remove();
        if (opener.isConnected) opener.focus();
      },
    };
    return window_;
  }

  /** @param {Record<string, any>} [initialProps] */
  function Buttons(initialProps = {}) {
    let props = { ...initialProps };
    if (props.createSubscription && !(config.vault && config.intent === "subscription")) {
      throw new Error(
        "SDK Validation error: createSubscription needs vault=true and intent=subscription in the paypal script URL",
      );
    }
    /** @type {HTMLElement | null} */
    let host = null;
    let enabled = true;
    let busy = false;

    /** @param {unknown} error */
    function reportError(error) {
      const err = error instanceof Error ? error : new Error(String(error));
      if (typeof props.onError === "function") props.onError(err);
      else console.error(err);
    }

    /** @param {HTMLElement} opener @param {string} [knownId] an order to re-approve after actions.restart() */
    async function checkout(opener, knownId) {
      const isSubscription = Boolean(props.createSubscription);
      const kind = isSubscription ? "subscriptions" : "orders";
      const dialog = buyerWindow(isSubscription, opener);
      /** @type {unknown} */
      let id = knownId;
      try {
        if (id === undefined && isSubscription) {
          id = await props.createSubscription(
            {},
            {
              subscription: {
                create: (/** @type {Json} */ body) => rest("/v1/billing/subscriptions", { body }).then((s) => s.id),
              },
            },
          );
        } else if (id === undefined) {
          if (typeof props.createOrder !== "function") throw new Error("Expected createOrder to be passed");
          id = await props.createOrder(
            { paymentSource: "paypal" },
            {
              order: {
                create: (/** @type {Json} */ body) =>
                  rest("/v2/checkout/orders", { body: { intent: config.intent.toUpperCase(), ...body } }).then(
                    (o) => o.id,
                  ),
              },
            },
          );
        }
        if (typeof id !== "string" || id === "") {
          throw new Error(`Expected ${isSubscription ? "a subscription" : "an order"} id to be passed`);
        }
        const resourceId = id;
        const path = isSubscription
          ? `/v1/billing/subscriptions/${encodeURIComponent(id)}`
          : `/v2/checkout/orders/${encodeURIComponent(id)}`;
        const details = await rest(path);
        if (!isSubscription) checkOrderMatchesScript(details);
        const shipping = isSubscription ? undefined : await shippingOf(resourceId, details);
        const choice = await dialog.choose(summary(details, isSubscription), shipping);
        if (choice.action === "cancel") {
          dialog.close();
          props.onCancel?.({ orderID: id }, { redirect: (/** @type {string} */ url) => window.location.assign(url) });
          return;
        }
        if (choice.action === "decline") throw new Error("The buyer declined the payment in the PayPal window");
        const approval = await call(`/__sandbox/${kind}/${encodeURIComponent(id)}/approve`, {
          body: {
            buyer: choice.buyer,
            email: choice.email,
            address: choice.address,
            option: choice.option,
            client_id: config.clientId,
          },
        });
        dialog.close();
        const data = {
          orderID: approval.token,
          payerID: approval.payer_id,
          paymentID: null,
          billingToken: null,
          ...(isSubscription && { subscriptionID: id }),
          facilitatorAccessToken: await facilitatorToken,
          paymentSource: "paypal",
        };
        const capture = () => rest(`${path}/capture`, { body: {} });
        const actions = {
          ...(isSubscription
            ? { subscription: { get: () => rest(path) } }
            : { order: { get: () => rest(path), capture } }),
          redirect: (/** @type {string} */ url) => window.location.assign(url),
          restart: () => checkout(opener, resourceId),
        };
        // Without onApprove the real SDK captures the order itself.
        if (typeof props.onApprove === "function") await props.onApprove(data, actions);
        else if (!isSubscription) await capture();
      } catch (error) {
        dialog.close();
        reportError(error);
      }
    }

    /** @param {HTMLElement} button */
    async function onButtonClick(button) {
      if (busy) return;
      let rejected = false;
      const clickActions = {
        resolve: () => Promise.resolve(),
        reject: () => {
          rejected = true;
          return Promise.resolve();
        },
      };
      try {
        const result = await props.onClick?.({ fundingSource: "paypal" }, clickActions);
        if (result === false || rejected || !enabled) return;
      } catch (error) {
        reportError(error);
        return;
      }
      busy = true;
      try {
        await checkout(button);
      } finally {
        busy = false;
      }
    }

    function paint() {
      if (!host) return;
      const style = props.style || {};
      const color = style.color in COLORS ? style.color : "gold";
      const palette = COLORS[/** @type {keyof COLORS} */ (color)];
      const [before, after] = LABELS[/** @type {keyof LABELS} */ (style.label in LABELS ? style.label : "paypal")];
      const height = Math.min(55, Math.max(25, Number(style.height) || 45));
      const radius =
        typeof style.borderRadius === "number"
          ? style.borderRadius
          : style.shape === "pill"
            ? height / 2
            : style.shape === "sharp"
              ? 0
              : 4;
      const button = h(
        "button",
        { type: "button", "aria-label": `${before}PayPal${after}`, "data-funding-source": "paypal" },
        {
          width: "100%",
          height: `${height}px`,
          borderRadius: `${radius}px`,
          background: palette.background,
          color: palette.text,
          border: color === "white" ? "1px solid #555555" : "0",
          cursor: "pointer",
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          gap: "4px",
          padding: "0 16px",
          fontFamily: "system-ui, -apple-system, 'Helvetica Neue', Arial, sans-serif",
          fontSize: `${Math.round(height * 0.4)}px`,
          boxSizing: "border-box",
        },
        [before ?? "", logo(color, `${Math.round(height * 0.45)}px`), after ?? ""].filter((part) => part !== ""),
      );
      button.addEventListener("mouseenter", () => (button.style.background = palette.hover));
      button.addEventListener("mouseleave", () => (button.style.background = palette.background));
      button.addEventListener("click", () => void onButtonClick(button));
      const caption = h("div", {}, { fontSize: "11px", color: "#6c7378", textAlign: "center", marginTop: "4px" }, [
        "PayPal sandbox — no real money",
      ]);
      host.replaceChildren(button, caption);
    }

    return {
      isEligible: () => !props.fundingSource || props.fundingSource === "paypal",
      /** @param {HTMLElement | string} container */
      render(container) {
        const target = typeof container === "string" ? document.querySelector(container) : container;
        if (!target) return Promise.reject(new Error(`Document is ready and element ${container} does not exist`));
        host = h("div", { class: "paypal-buttons paypal-buttons-sandbox" }, { minWidth: "150px", maxWidth: "750px" });
        target.append(host);
        paint();
        props.onInit?.(
          {},
          {
            enable: () => Promise.resolve(void (enabled = true)),
            disable: () => Promise.resolve(void (enabled = false)),
          },
        );
        return Promise.resolve();
      },
      close() {
        host?.remove();
        host = null;
        return Promise.resolve();
      },
      /** @param {Record<string, any>} next */
      updateProps(next) {
        const restyle = "style" in next && JSON.stringify(next.style) !== JSON.stringify(props.style);
        props = { ...props, ...next };
        // react-paypal-js calls this on every render: repaint only when the look changes, so focus is kept.
        if (restyle) paint();
        return Promise.resolve();
      },
      // The buyer never leaves for the PayPal app here, so there is never a return to resume.
      hasReturned: () => false,
      resume: () => {},
    };
  }

  /** @type {any} */ (window)[namespace] = {
    Buttons,
    FUNDING: { PAYPAL: "paypal", CARD: "card", VENMO: "venmo", PAYLATER: "paylater", CREDIT: "credit" },
    getFundingSources: () => ["paypal"],
    isFundingEligible: (/** @type {string} */ source) => source === "paypal",
    version: config.version,
  };
}
