import { browserScript, scriptJson } from "~/embed/payment-button";

// The script merchants embed for a WPS button: <div id="paypal-wps-button-{id}"></div> + <script
// src="{APP_URL}/api/wps-button/{id}.js">. GET /api/wps-button/{id}.js serves `loader` (serialised with
// Function#toString) called with the button's config. It draws PayPal's plain HTML form into the div, so buyers
// pay on PayPal's page exactly as with the Full HTML example. The host page is someone else's: the loader builds
// DOM nodes and writes text only through textContent and attribute values (never innerHTML), styles only its own
// elements inline, and may reference nothing outside itself except the browser's globals. New comments go here
// rather than inside `loader`: every byte of it is sent to every buyer.

export type WpsEmbedConfig = {
  id: string;
  /** Shown instead of the form: the button is switched off or the seller suspended. */
  notice: string | null;
  form: null | {
    action: string;
    fields: [name: string, value: string][];
    /** With more than one, the buyer picks one as PayPal's os0 (value = label). */
    options: { label: string; text: string }[];
    quantity: boolean;
    text: string;
    small: boolean;
    image: string | null;
    logos: boolean;
  };
};

function loader(config: WpsEmbedConfig): void {
  const doc = document;
  const id = config.id;
  const containerId = "paypal-wps-button-" + id;

  function el<K extends keyof HTMLElementTagNameMap>(
    parent: Node,
    tag: K,
    attributes: Record<string, string>,
    text?: string,
  ): HTMLElementTagNameMap[K] {
    const node = doc.createElement(tag);
    for (const name in attributes) node.setAttribute(name, attributes[name]!);
    if (text) node.textContent = text;
    parent.appendChild(node);
    return node;
  }

  function render(container: HTMLElement) {
    container.textContent = "";
    const font = "font:14px/1.4 sans-serif;";
    if (config.notice || !config.form) {
      el(
        container,
        "div",
        {
          role: "status",
          style: font + "padding:10px 14px;border-radius:8px;color:#854d0e;background:#fefce8;border:1px solid #fef08a",
        },
        config.notice || "This button is not currently available",
      );
      return;
    }
    const settings = config.form;
    const form = el(container, "form", {
      action: settings.action,
      method: "post",
      target: "_top",
      style: font + "display:inline-flex;flex-direction:column;align-items:flex-start;gap:8px",
    });
    settings.fields.forEach((field) => {
      el(form, "input", { type: "hidden", name: field[0], value: field[1] });
    });
    const field = "padding:6px 8px;border:1px solid #d1d5db;border-radius:6px;" + font;
    if (settings.options.length > 1) {
      el(form, "label", { for: containerId + "-os0" }, "Options");
      const select = el(form, "select", { id: containerId + "-os0", name: "os0", style: field });
      settings.options.forEach((option) => {
        el(select, "option", { value: option.label }, option.text);
      });
    }
    if (settings.quantity) {
      el(form, "label", { for: containerId + "-quantity" }, "Quantity");
      el(form, "input", {
        id: containerId + "-quantity",
        type: "number",
        name: "quantity",
        value: "1",
        min: "1",
        step: "1",
        style: field + "width:6em",
      });
    }
    if (settings.image) {
      el(form, "input", { type: "image", src: settings.image, alt: settings.text, style: "max-width:150px" });
    } else {
      el(
        form,
        "button",
        {
          type: "submit",
          style:
            "background:#ffc439;color:#111827;border:0;border-radius:6px;cursor:pointer;font:600 " +
            (settings.small ? "14px/1 sans-serif;padding:8px 16px" : "16px/1 sans-serif;padding:12px 28px"),
        },
        settings.text,
      );
    }
    if (settings.logos)
      el(form, "span", { style: "font-size:12px;color:#4b5563" }, "Visa · Mastercard · Amex · Discover · PayPal");
  }

  function start() {
    const found = doc.getElementById(containerId);
    if (!found) {
      // The script may come before its placeholder: look again once the page is parsed.
      if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start);
      else console.warn('Popkit: add <div id="' + containerId + '"></div> where the WPS button should appear.');
      return;
    }
    // The same script included twice renders one button.
    if (found.getAttribute("data-popkit")) return;
    found.setAttribute("data-popkit", "1");
    render(found);
  }

  start();
}

export function wpsButtonScript(config: WpsEmbedConfig): string {
  return browserScript(`(${loader.toString()})(${scriptJson(config)});`);
}

/** What an unknown id gets: a script that only tells the developer, so the host page keeps working. */
export function unknownWpsButtonScript(id: string): string {
  return `console.warn(${scriptJson(`Popkit: WPS button ${id} was not found. Check the id in your embed code.`)});\n`;
}
