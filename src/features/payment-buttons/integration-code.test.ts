import { describe, expect, it } from "vitest";
import { fullHtmlExample, quickIntegrationCode } from "~/features/payment-buttons/integration-code";

const button = {
  id: "btn123",
  name: 'Course <"A&B">',
  description: "Learn <script>",
  amountMinor: 1500,
  currency: "JPY" as const,
};

describe("integration code", () => {
  it("is the placeholder div plus the button's script from the app's origin", () => {
    expect(quickIntegrationCode("https://pay.example.com/", "btn123")).toBe(
      '<div id="popkit-button-btn123"></div>\n<script src="https://pay.example.com/api/button/btn123.js" async></script>',
    );
  });

  it("wraps the same snippet in a full page with the escaped name, description and price", () => {
    const html = fullHtmlExample("https://pay.example.com", button);
    expect(html).toContain('      <div id="popkit-button-btn123"></div>');
    expect(html).toContain('      <script src="https://pay.example.com/api/button/btn123.js" async></script>');
    expect(html).toContain("<title>Course &lt;&quot;A&amp;B&quot;&gt;</title>");
    expect(html).toContain("<p>Learn &lt;script&gt;</p>");
    expect(html).toContain("¥1,500");
    expect(html).not.toContain("<script>");
  });

  it("leaves the description out when there is none", () => {
    expect(fullHtmlExample("https://pay.example.com", { ...button, description: null })).not.toContain("<p>Learn");
  });
});
