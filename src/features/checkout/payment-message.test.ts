import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PaymentMessage, type PaymentNotice } from "~/features/checkout/payment-message";
import { checkoutMessages } from "~/lib/checkout-messages";

const render = (notice: PaymentNotice) => renderToStaticMarkup(createElement(PaymentMessage, { notice }));

describe("PaymentMessage", () => {
  it("keeps both live regions in the page, empty before a payment", () => {
    expect(render(null)).toBe('<div role="status"></div><div role="alert"></div>');
  });

  it("puts a success or a pending payment in the status region and an error in the alert region", () => {
    expect(render({ tone: "success", text: checkoutMessages.success })).toMatch(
      /^<div role="status"><p class="[^"]*green[^"]*">Payment successful! Thank you for your purchase.<\/p><\/div><div role="alert"><\/div>$/,
    );
    expect(render({ tone: "pending", text: checkoutMessages.pending })).toMatch(
      /^<div role="status"><p [^>]+>Thank you!/,
    );
    expect(render({ tone: "error", text: checkoutMessages.error })).toMatch(
      /^<div role="status"><\/div><div role="alert"><p class="[^"]*red[^"]*">An error occurred during payment. Please try again.<\/p><\/div>$/,
    );
  });
});
