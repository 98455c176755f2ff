import { formatMoney, type Currency } from "~/lib/money";

/** What the snippets need to know about a button. */
export type EmbeddableButton = {
  id: string;
  name: string;
  description: string | null;
  amountMinor: number;
  currency: Currency;
};

function escapeHtml(text: string) {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const origin = (appUrl: string) => appUrl.replace(/\/+$/, "");

/** The embed contract: a placeholder div the script finds by id, and the button's script. */
export function quickIntegrationCode(appUrl: string, buttonId: string) {
  const id = encodeURIComponent(buttonId);
  return [
    `<div id="popkit-button-${id}"></div>`,
    `<script src="${origin(appUrl)}/api/button/${id}.js" async></script>`,
  ].join("\n");
}

/** A complete page around the same snippet, with comments and optional styling a merchant can keep or drop. */
export function fullHtmlExample(appUrl: string, button: EmbeddableButton) {
  const name = escapeHtml(button.name);
  const snippet = quickIntegrationCode(appUrl, button.id)
    .split("\n")
    .map((line) => `      ${line}`)
    .join("\n");
  const description = button.description ? `\n      <p>${escapeHtml(button.description)}</p>` : "";
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${name}</title>
    <!-- Optional styling: a centred product card. Keep, change or remove it to match your site. -->
    <style>
      body { font-family: system-ui, -apple-system, sans-serif; background: #f9fafb; margin: 0; padding: 48px 16px; }
      .product { max-width: 420px; margin: 0 auto; padding: 32px; background: #fff; border: 1px solid #e5e7eb; border-radius: 12px; }
      .product h1 { margin: 0 0 8px; font-size: 24px; }
      .product .price { font-size: 20px; font-weight: 600; margin: 16px 0 24px; }
    </style>
  </head>
  <body>
    <div class="product">
      <h1>${name}</h1>${description}
      <p class="price">${escapeHtml(formatMoney(button.amountMinor, button.currency))}</p>

      <!-- Popkit payment button: the script below renders the PayPal button inside this div. -->
      <!-- Keep the div's id exactly as it is; "async" lets the rest of your page load first. -->
${snippet}
    </div>
  </body>
</html>
`;
}
