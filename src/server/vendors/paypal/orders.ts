import type { CreateOrderRequestBody, OrderResponseBody } from "@paypal/paypal-js";
import { type Currency, toDecimalString } from "~/lib/money";
import { type PayPalApi, required, toMoney, toPayer } from "~/server/vendors/paypal/http";
import type { CapturedOrder, CreatedOrder, PayPalOrder } from "~/server/vendors/paypal/types";

// Orders v2: a one-time payment is created as an order, approved by the buyer at PayPal, then captured.

/** PayPal caps purchase_units[].description at 127 characters; a long product name must not block a sale. */
const MAX_DESCRIPTION = 127;

function toOrder(order: OrderResponseBody): PayPalOrder {
  const unit = required(order.purchase_units?.[0], "purchase unit");
  const capture = unit.payments?.captures?.[0];
  // payment_source.paypal is current; the top-level payer is deprecated but still the only source in older answers.
  const wallet = order.payment_source?.paypal;
  return {
    id: required(order.id, "order id"),
    status: required(order.status, "order status"),
    amount: toMoney(unit.amount, "order amount"),
    customId: unit.custom_id ?? null,
    payer:
      wallet?.account_id || wallet?.email_address
        ? toPayer(wallet.account_id, wallet.email_address, wallet.name)
        : toPayer(order.payer?.payer_id, order.payer?.email_address, order.payer?.name),
    capture: capture
      ? {
          id: required(capture.id, "capture id"),
          fee: capture.seller_receivable_breakdown?.paypal_fee
            ? toMoney(capture.seller_receivable_breakdown.paypal_fee, "PayPal fee")
            : null,
          status: required(capture.status, "capture status"),
          statusReason: capture.status_details?.reason ?? null,
          amount: toMoney(capture.amount, "capture amount"),
          customId: capture.custom_id ?? null,
          createTime: capture.create_time ?? null,
        }
      : null,
  };
}

/** The Orders v2 calls of a seller's client. */
export function orderCalls(api: PayPalApi) {
  return {
    /** Creates a CAPTURE order; a repeated requestId returns the same order instead of a second one. */
    async createOrder(input: {
      amount: { currency: Currency; valueMinor: number };
      customId: string;
      description?: string;
      requestId: string;
      returnUrl?: string;
      cancelUrl?: string;
    }): Promise<CreatedOrder> {
      const { amount, returnUrl, cancelUrl } = input;
      const request: CreateOrderRequestBody = {
        intent: "CAPTURE",
        // Everything sold here is digital or a service: PayPal must not ask the buyer for a shipping address.
        purchase_units: [
          {
            amount: { currency_code: amount.currency, value: toDecimalString(amount.valueMinor, amount.currency) },
            custom_id: input.customId,
            ...(input.description && { description: input.description.slice(0, MAX_DESCRIPTION) }),
          },
        ],
        payment_source: {
          paypal: {
            experience_context: { shipping_preference: "NO_SHIPPING", return_url: returnUrl, cancel_url: cancelUrl },
          },
        },
      };
      const order = await api<OrderResponseBody>("POST", "/v2/checkout/orders", {
        body: JSON.stringify(request),
        requestId: input.requestId,
      });
      // The approve link is "payer-action" when payment_source is sent (always here), "approve" in older answers.
      const approve = order.links?.find((link) => link.rel === "payer-action" || link.rel === "approve");
      return {
        id: required(order.id, "order id"),
        status: required(order.status, "order status"),
        approveUrl: approve?.href ?? null,
      };
    },

    async getOrder(orderId: string): Promise<PayPalOrder> {
      return toOrder(await api<OrderResponseBody>("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`));
    },

    /** Captures an approved order; a repeated requestId replays the first capture's answer. */
    async captureOrder(orderId: string, options: { requestId: string }): Promise<CapturedOrder> {
      const order = toOrder(
        await api<OrderResponseBody>("POST", `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
          body: "{}",
          requestId: options.requestId,
          // The minimal answer may leave out custom_id and the payer, which the transaction row needs.
          prefer: "return=representation",
        }),
      );
      return { ...order, capture: required(order.capture, "capture") };
    },
  };
}
