import { embedSnippet, examplePage } from "~/lib/embed-snippet";
import { escapeHtml } from "~/lib/html";
import { formatMoney, type Currency } from "~/lib/money";

/** What the snippets need to know about a button. */
export type EmbeddableButton = {
  id: string;
  name: string;
  description: string | null;
  amountMinor: number;
  currency: Currency;
};

/** The embed contract: a placeholder div the script finds by id, and the button's script. */
export function quickIntegrationCode(appUrl: string, buttonId: string) {
  return embedSnippet({ appUrl, buttonId, containerId: (id) => `popkit-button-${id}`, scriptDir: "/api/button" });
}

/** A complete page around the same snippet, with comments and optional styling a merchant can keep or drop. */
export function fullHtmlExample(appUrl: string, button: EmbeddableButton) {
  return examplePage({
    title: button.name,
    styles: [
      ".product h1 { margin: 0 0 8px; font-size: 24px; }",
      ".product .price { font-size: 20px; font-weight: 600; margin: 16px 0 24px; }",
    ],
    body: [
      `<h1>${escapeHtml(button.name)}</h1>`,
      ...(button.description ? [`<p>${escapeHtml(button.description)}</p>`] : []),
      `<p class="price">${escapeHtml(formatMoney(button.amountMinor, button.currency))}</p>`,
      "",
      "<!-- Popkit payment button: the script below renders the PayPal button inside this div. -->",
      '<!-- Keep the div\'s id exactly as it is; "async" lets the rest of your page load first. -->',
      ...quickIntegrationCode(appUrl, button.id).split("\n"),
    ],
  });
}
