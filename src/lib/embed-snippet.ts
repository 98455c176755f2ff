// What merchants paste into their sites, as text: the embed snippet of a button and a whole example page around it.
import { escapeHtml } from "~/lib/html";

const origin = (appUrl: string) => appUrl.replace(/\/+$/, "");

/**
 * The embed contract: a placeholder div the button's script finds by id, and that script, loaded `async` so the
 * merchant's page does not wait for it.
 */
export function embedSnippet({
  appUrl,
  buttonId,
  containerId,
  scriptDir,
}: {
  appUrl: string;
  buttonId: string;
  /** The placeholder's id for the (URL-encoded) button id. */
  containerId(id: string): string;
  /** Where the app serves the button's script, e.g. /api/button. */
  scriptDir: string;
}) {
  const id = encodeURIComponent(buttonId);
  return [
    `<div id="${containerId(id)}"></div>`,
    `<script src="${origin(appUrl)}${scriptDir}/${id}.js" async></script>`,
  ].join("\n");
}

const cardStyles = [
  "body { font-family: system-ui, -apple-system, sans-serif; background: #f9fafb; margin: 0; padding: 48px 16px; }",
  ".product { max-width: 420px; margin: 0 auto; padding: 32px; background: #fff; border: 1px solid #e5e7eb; border-radius: 12px; }",
];

const indented = (lines: string[], indent: string) => lines.map((line) => (line ? indent + line : line)).join("\n");

/**
 * A whole page with the product card a snippet sits in. `title` is plain text; `styles` (added to the card's) and
 * `body` (the card's content) are HTML lines, escaped by the caller.
 */
export function examplePage({ title, styles, body }: { title: string; styles: string[]; body: string[] }) {
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${escapeHtml(title)}</title>
    <!-- Optional styling: a centred product card. Keep, change or remove it to match your site. -->
    <style>
${indented([...cardStyles, ...styles], "      ")}
    </style>
  </head>
  <body>
    <div class="product">
${indented(body, "      ")}
    </div>
  </body>
</html>
`;
}
