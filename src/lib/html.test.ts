import { describe, expect, it } from "vitest";
import { escapeHtml } from "~/lib/html";

describe("escapeHtml", () => {
  it("escapes the five characters that can end text or an attribute, ampersands first", () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;",
    );
  });

  it("leaves other text as it is", () => {
    expect(escapeHtml("Café ¥1,500 - 30% off")).toBe("Café ¥1,500 - 30% off");
  });
});
