import { describe, expect, it } from "vitest";
import { unknownWpsButtonScript, wpsButtonScript } from "~/embed/wps-button";
import {
  appearanceOf,
  formButtonOf,
  shippingLabelOf,
  wpsFormHtml,
  wpsFullHtmlExample,
  wpsQuickIntegrationCode,
} from "~/features/wps/wps-code";
import { wpsFormFields } from "~/lib/wps";
import { wpsButtonDefaults, type WpsButtonInput } from "~/schemas/wps";

const values: WpsButtonInput = {
  ...wpsButtonDefaults,
  paypalMerchantIdentifier: "seller@example.com",
  itemName: 'Scarf <"A&B">',
  priceOptions: [
    { label: "Small", value: "20.00" },
    { label: 'Large <b>"x"</b>', value: "30" },
  ],
  undefinedQuantity: true,
  shippingCost: "5",
  taxRate: "8.25",
};
const form = {
  action: "https://www.sandbox.paypal.com/cgi-bin/webscr",
  fields: wpsFormFields(formButtonOf(values, "wps1"), "https://pay.example.com"),
};

describe("WPS integration code", () => {
  it("is the spec's placeholder div plus the button's script from the app's origin", () => {
    expect(wpsQuickIntegrationCode("https://pay.example.com/", "wps1")).toBe(
      '<div id="paypal-wps-button-wps1"></div>\n<script src="https://pay.example.com/api/wps-button/wps1.js" async></script>',
    );
  });

  it("turns the form's values into the generator's input in minor units", () => {
    const button = formButtonOf(values, "wps1");
    expect(button.priceOptions).toEqual([
      { label: "Small", amountMinor: 2000 },
      { label: 'Large <b>"x"</b>', amountMinor: 3000 },
    ]);
    expect(button.shippingCostMinor).toBe(500);
    expect(button.itemNumber).toBeNull();
  });

  it("writes a plain form with every field, the options list and a quantity, all escaped", () => {
    const html = wpsFormHtml(form, appearanceOf(values));
    expect(html).toContain('<form action="https://www.sandbox.paypal.com/cgi-bin/webscr" method="post"');
    expect(html).toContain('<input type="hidden" name="custom" value="wps1" />');
    expect(html).toContain('<input type="hidden" name="item_name" value="Scarf &lt;&quot;A&amp;B&quot;&gt;" />');
    expect(html).toContain('<select id="wps-os0" name="os0">');
    expect(html).toContain(
      '<option value="Large &lt;b&gt;&quot;x&quot;&lt;/b&gt;">Large &lt;b&gt;&quot;x&quot;&lt;/b&gt; - $30.00</option>',
    );
    expect(html).toContain('name="quantity"');
    expect(html).toContain(">Buy Now</button>");
    expect(html).not.toContain("<b>");
  });

  it("uses the custom image as the submit control when there is one", () => {
    const html = wpsFormHtml(form, appearanceOf({ ...values, customButtonImage: "https://cdn.example.com/b.png" }));
    expect(html).toContain('<input type="image" src="https://cdn.example.com/b.png" alt="Buy Now" />');
  });

  it("wraps the form in a page that needs no script", () => {
    const html = wpsFullHtmlExample(form, appearanceOf(values), values.itemName);
    expect(html).toContain("<title>Scarf &lt;&quot;A&amp;B&quot;&gt;</title>");
    expect(html).not.toMatch(/<script/i);
  });

  it("names PayPal's no_shipping values as the list shows them", () => {
    expect([0, 1, 2].map(shippingLabelOf)).toEqual(["Required", "Not Required", "Optional"]);
  });
});

describe("WPS embed script", () => {
  it("carries the button's data as JSON that cannot close a script element", () => {
    const script = wpsButtonScript({
      id: "wps1",
      notice: null,
      form: {
        action: form.action,
        fields: [["item_name", "</script><script>alert(1)</script>"]],
        options: [],
        quantity: false,
        text: "Buy Now",
        small: false,
        image: null,
        logos: true,
      },
    });
    expect(script).not.toContain("</script>");
    expect(script).not.toContain("innerHTML");
    expect(script).toContain("paypal-wps-button-");
  });

  it("only warns for an unknown id", () => {
    expect(unknownWpsButtonScript("nope")).toMatch(/^console\.warn\(/);
  });
});
