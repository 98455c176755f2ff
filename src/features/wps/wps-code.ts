// What a WPS button looks like on a merchant's site, as text: the embed snippet and the plain-HTML form. The
// form's fields always come from wpsFormFields (src/lib/wps.ts) or the server's wps.formFields, never built here.
import { embedSnippet, examplePage } from "~/lib/embed-snippet";
import { escapeHtml } from "~/lib/html";
import { toMinorUnits, formatMoney, type Currency } from "~/lib/money";
import type { WpsFormButton, WpsPriceOption } from "~/lib/wps";
import type { WpsButtonInput } from "~/schemas/wps";

/** How the buyer-facing button looks (the fields only the form uses, not PayPal). */
export type WpsAppearance = {
  buttonText: string;
  buttonSize: "small" | "large";
  customButtonImage: string;
  showCardLogos: boolean;
  currency: Currency;
  priceOptions: WpsPriceOption[];
  undefinedQuantity: boolean;
};

export type WpsForm = { action: string; fields: [name: string, value: string][] };

/** PayPal's no_shipping 0, 1, 2 as the list and the summary name them. */
export const shippingLabels: Record<string, string> = { "0": "Required", "1": "Not Required", "2": "Optional" };

export const shippingLabelOf = (noShipping: number | string) => shippingLabels[String(noShipping)] ?? "Optional";

export const wpsContainerId = (id: string) => `paypal-wps-button-${id}`;

/** The form's values as the field generator takes them; `id` is the saved button's, or a placeholder. */
export function formButtonOf(values: WpsButtonInput, id: string): WpsFormButton {
  return {
    id,
    paypalMerchantIdentifier: values.paypalMerchantIdentifier.trim(),
    itemName: values.itemName.trim(),
    itemNumber: values.itemNumber.trim() || null,
    currency: values.currency,
    priceOptions: values.priceOptions.map((option) => ({
      label: option.label.trim(),
      amountMinor: toMinorUnits(option.value, values.currency) ?? 0,
    })),
    undefinedQuantity: values.undefinedQuantity,
    noShipping: Number(values.noShipping),
    shippingCostMinor: toMinorUnits(values.shippingCost || "0", values.currency) ?? 0,
    taxRate: values.taxRate.trim() || "0",
    locale: values.locale,
    cancelUrl: values.cancelUrl.trim() || null,
  };
}

export function appearanceOf(values: WpsButtonInput): WpsAppearance {
  const button = formButtonOf(values, "");
  return {
    buttonText: values.buttonText.trim() || "Buy Now",
    buttonSize: values.buttonSize,
    customButtonImage: values.customButtonImage.trim(),
    showCardLogos: values.showCardLogos,
    currency: values.currency,
    priceOptions: button.priceOptions,
    undefinedQuantity: values.undefinedQuantity,
  };
}

/** "Gold - $10.00": what the buyer reads in the options list. */
export const optionText = (option: WpsPriceOption, currency: Currency) =>
  `${option.label} - ${formatMoney(option.amountMinor, currency)}`;

/** The embed contract: a div the script finds by id, and the button's script. */
export function wpsQuickIntegrationCode(appUrl: string, buttonId: string) {
  return embedSnippet({ appUrl, buttonId, containerId: wpsContainerId, scriptDir: "/api/wps-button" });
}

/** The button as a plain HTML form: it posts straight to PayPal, so it works with JavaScript off. */
export function wpsFormHtml(form: WpsForm, look: WpsAppearance, indent = ""): string {
  const lines = [`<form action="${escapeHtml(form.action)}" method="post" target="_top">`];
  for (const [name, value] of form.fields) {
    lines.push(`  <input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}" />`);
  }
  if (look.priceOptions.length > 1) {
    lines.push(`  <label for="wps-os0">Options</label>`, `  <select id="wps-os0" name="os0">`);
    for (const option of look.priceOptions) {
      lines.push(
        `    <option value="${escapeHtml(option.label)}">${escapeHtml(optionText(option, look.currency))}</option>`,
      );
    }
    lines.push(`  </select>`);
  }
  if (look.undefinedQuantity) {
    lines.push(
      `  <label for="wps-quantity">Quantity</label>`,
      `  <input id="wps-quantity" type="number" name="quantity" value="1" min="1" step="1" />`,
    );
  }
  const padding = look.buttonSize === "small" ? "6px 14px" : "12px 28px";
  lines.push(
    look.customButtonImage
      ? `  <input type="image" src="${escapeHtml(look.customButtonImage)}" alt="${escapeHtml(look.buttonText)}" />`
      : `  <button type="submit" style="background:#ffc439;border:0;border-radius:6px;padding:${padding};font-weight:600;cursor:pointer">${escapeHtml(look.buttonText)}</button>`,
  );
  if (look.showCardLogos)
    lines.push(`  <p style="font-size:12px;color:#4b5563">Visa · Mastercard · Amex · Discover · PayPal</p>`);
  lines.push(`</form>`);
  return lines.map((line) => indent + line).join("\n");
}

/** A whole page around the plain form, with comments a merchant can keep or drop. */
export function wpsFullHtmlExample(form: WpsForm, look: WpsAppearance, itemName: string) {
  return examplePage({
    title: itemName,
    styles: [
      ".product label { display: block; margin: 12px 0 4px; font-size: 14px; }",
      '.product select, .product input[type="number"] { margin-bottom: 12px; padding: 6px; }',
    ],
    body: [
      `<h1>${escapeHtml(itemName)}</h1>`,
      "<!-- PayPal Website Payments Standard button: a plain form, no JavaScript needed. -->",
      "<!-- Keep the hidden fields as they are: Popkit checks every payment against them. -->",
      ...wpsFormHtml(form, look).split("\n"),
    ],
  });
}
