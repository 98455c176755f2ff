import { describe, expect, it } from "vitest";
import { embedSnippet, examplePage } from "~/lib/embed-snippet";

describe("embedSnippet", () => {
  it("is the placeholder div and the button's async script from the app's origin, the id URL-encoded", () => {
    expect(
      embedSnippet({
        appUrl: "https://pay.example.com//",
        buttonId: "a b",
        containerId: (id) => `box-${id}`,
        scriptDir: "/api/thing",
      }),
    ).toBe('<div id="box-a%20b"></div>\n<script src="https://pay.example.com/api/thing/a%20b.js" async></script>');
  });
});

describe("examplePage", () => {
  const page = examplePage({
    title: 'A <"b">',
    styles: [".product h1 { margin: 0; }"],
    body: ["<h1>A</h1>", "", "<p>x</p>"],
  });

  it("escapes the title and indents the card's styles and content, leaving empty lines empty", () => {
    expect(page).toContain("<title>A &lt;&quot;b&quot;&gt;</title>");
    expect(page).toContain("      .product h1 { margin: 0; }\n    </style>");
    expect(page).toContain('    <div class="product">\n      <h1>A</h1>\n\n      <p>x</p>\n    </div>');
    expect(page.endsWith("</html>\n")).toBe(true);
  });
});
