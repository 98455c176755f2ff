import { describe, expect, it } from "vitest";
import { sdkButtonStyle, sdkNamespace, sdkQuery } from "~/lib/paypal-button";

describe("PayPal button helpers", () => {
  it("maps the saved size to PayPal's height and keeps color, shape and label", () => {
    expect(sdkButtonStyle({ color: "blue", shape: "pill", size: "small", label: "subscribe" })).toEqual({
      layout: "vertical",
      color: "blue",
      shape: "pill",
      label: "subscribe",
      height: 35,
    });
    expect(sdkButtonStyle({ color: "gold", shape: "rect", size: "large", label: "paypal" }).height).toBe(55);
  });

  it("asks for vault and intent=subscription only for subscriptions", () => {
    expect(sdkQuery({ clientId: "c", currency: "EUR", isSubscription: false })).toEqual({
      clientId: "c",
      currency: "EUR",
      intent: "capture",
      vault: false,
    });
    expect(sdkQuery({ clientId: "c", currency: "USD", isSubscription: true })).toMatchObject({
      intent: "subscription",
      vault: true,
    });
  });

  it("gives each button its own namespace, never the page's window.paypal", () => {
    expect(sdkNamespace("cmabc123")).toBe("popkitPayPal_cmabc123");
    expect(sdkNamespace("a-b")).toBe("popkitPayPal_a_b");
  });
});
