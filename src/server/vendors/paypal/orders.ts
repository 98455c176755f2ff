import type { CreateOrderRequestBody, OrderResponseBody } from "@paypal/paypal-js";
import { type Currency, toDecimalString } from "~/lib/money";
import { type PayPalApi, required, toMoney, toPayer } from "~/server/vendors/paypal/http";
import type { CapturedOrder, CreatedOrder, PayPalOrder, ShippingAddress } from "~/server/vendors/paypal/types";

// Orders v2: a one-time payment is created as an order, approved by the buyer at PayPal, then captured.

/** PayPal caps purchase_units[].description and items[].name at 127 characters; a long name must not block a sale. */
const MAX_TEXT = 127;

/** One line of the order as PayPal's window and receipt list it: a name, how many, and the price of one. */
export type OrderItem = { name: string; quantity: number; unitAmountMinor: number };

function toOrder(order: OrderResponseBody): PayPalOrder {
  const unit = required(order.purchase_units?.[0], "purchase unit");
  const capture = unit.payments?.captures?.[0];
  // payment_source.paypal is current; the top-level payer is deprecated but still the only source in older answers.
  const wallet = order.payment_source?.paypal;
  const vault = wallet?.attributes?.vault;
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
    vault: vault?.id
      ? { id: vault.id, status: vault.status ?? "VAULTED", customerId: vault.customer?.id ?? null }
      : null,
    shipping: toShipping(unit.shipping),
    shippingOptionId: unit.shipping?.options?.find((option) => option.selected)?.id ?? null,
  };
}

/** PayPal's own field limits (Orders v2 address_portable): a longer value is not PayPal's and is cut. */
const ADDRESS_LIMIT = 300;

function toShipping(shipping: { name?: { full_name?: string }; address?: Record<string, unknown> } | undefined) {
  const address = shipping?.address;
  const text = (value: unknown) =>
    typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, ADDRESS_LIMIT) : null;
  const countryCode = text(address?.country_code);
  if (!address || !countryCode || !/^[A-Z]{2}$/.test(countryCode)) return null;
  return {
    name: text(shipping?.name?.full_name),
    line1: text(address.address_line_1),
    line2: text(address.address_line_2),
    city: text(address.admin_area_2),
    region: text(address.admin_area_1),
    postalCode: text(address.postal_code),
    countryCode,
  } satisfies ShippingAddress;
}

/** The order's purchase unit: its amount with PayPal's breakdown, its items, custom id and description. */
function purchaseUnit(input: {
  amount: { currency: Currency; valueMinor: number };
  items: OrderItem[];
  discountMinor?: number;
  /** Shipping and tax known when the order is made (PayPal's callback prices them for an order that ships). */
  shippingMinor?: number;
  taxMinor?: number;
  customId: string;
  description?: string;
}) {
  const { amount } = input;
  const money = (valueMinor: number) => ({
    currency_code: amount.currency,
    value: toDecimalString(valueMinor, amount.currency),
  });
  const itemTotalMinor = input.items.reduce((sum, item) => sum + item.unitAmountMinor * item.quantity, 0);
  const discountMinor = input.discountMinor ?? 0;
  const shippingMinor = input.shippingMinor ?? 0;
  const taxMinor = input.taxMinor ?? 0;
  if (input.items.length === 0 || itemTotalMinor - discountMinor + shippingMinor + taxMinor !== amount.valueMinor) {
    throw new Error(
      `createOrder: items (${itemTotalMinor}) less discount (${discountMinor}) plus shipping (${shippingMinor}) and tax (${taxMinor}) must equal the amount (${amount.valueMinor})`,
    );
  }
  return {
    amount: {
      ...money(amount.valueMinor),
      breakdown: {
        item_total: money(itemTotalMinor),
        ...(shippingMinor > 0 && { shipping: money(shippingMinor) }),
        ...(taxMinor > 0 && { tax_total: money(taxMinor) }),
        ...(discountMinor > 0 && { discount: money(discountMinor) }),
      },
    },
    items: input.items.map((item) => ({
      name: item.name.slice(0, MAX_TEXT),
      quantity: String(item.quantity),
      unit_amount: money(item.unitAmountMinor),
    })),
    custom_id: input.customId,
    ...(input.description && { description: input.description.slice(0, MAX_TEXT) }),
  };
}

type OrderInput = Parameters<typeof purchaseUnit>[0] & { requestId: string };

/** The Orders v2 calls of a seller's client. */
export function orderCalls(api: PayPalApi) {
  return {
    /**
     * Creates a CAPTURE order; a repeated requestId returns the same order instead of a second one. The order
     * carries its items and the breakdown (items less the discount), so PayPal's window and the buyer's PayPal
     * receipt list what was bought; PayPal refuses an order whose parts do not add up to the amount, so neither
     * do we, before asking it.
     */
    async createOrder(
      input: OrderInput & {
        returnUrl?: string;
        cancelUrl?: string;
        /** Something in it ships: PayPal asks the buyer for an address from their account (GET_FROM_FILE). */
        ships?: boolean;
        /**
         * Where PayPal asks for shipping options and the new amount whenever the buyer picks an address or an
         * option in its window (order_update_callback_config); only for an order that ships.
         */
        callbackUrl?: string;
        /**
         * Ask PayPal to save the buyer's wallet when the order is captured (store_in_vault ON_SUCCESS), so an offer
         * after the payment can charge it without a second approval. PayPal refuses (422
         * NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE) for an app not allowed to save payment methods.
         */
        vault?: boolean;
      },
    ): Promise<CreatedOrder> {
      const { returnUrl, cancelUrl } = input;
      const request: CreateOrderRequestBody = {
        intent: "CAPTURE",
        purchase_units: [purchaseUnit(input)],
        payment_source: {
          paypal: {
            // A digital product or a service asks no address; a POP that ships takes the one on the buyer's account.
            experience_context: {
              shipping_preference: input.ships ? "GET_FROM_FILE" : "NO_SHIPPING",
              ...(input.ships &&
                input.callbackUrl && {
                  order_update_callback_config: {
                    callback_events: ["SHIPPING_ADDRESS", "SHIPPING_OPTIONS"],
                    callback_url: input.callbackUrl,
                  },
                }),
              return_url: returnUrl,
              cancel_url: cancelUrl,
            },
            ...(input.vault && {
              attributes: {
                vault: { store_in_vault: "ON_SUCCESS", usage_type: "MERCHANT", customer_type: "CONSUMER" },
              },
            }),
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

    /**
     * Charges a saved wallet (a vault payment token) with no buyer present: PayPal creates the order already
     * captured. The requestId is mandatory here and makes a repeated call the same single charge.
     */
    async chargeSavedWallet(input: OrderInput & { vaultId: string }): Promise<CapturedOrder> {
      const request: CreateOrderRequestBody = {
        intent: "CAPTURE",
        purchase_units: [purchaseUnit(input)],
        payment_source: { paypal: { vault_id: input.vaultId } },
      };
      const order = toOrder(
        await api<OrderResponseBody>("POST", "/v2/checkout/orders", {
          body: JSON.stringify(request),
          requestId: input.requestId,
          prefer: "return=representation",
        }),
      );
      return { ...order, capture: required(order.capture, "capture") };
    },

    /** Deletes a saved wallet: the buyer's PayPal is not kept longer than the offer it was saved for. */
    async deleteSavedWallet(vaultId: string): Promise<void> {
      await api("DELETE", `/v3/vault/payment-tokens/${encodeURIComponent(vaultId)}`, { allowEmpty: true });
    },

    async getOrder(orderId: string): Promise<PayPalOrder> {
      return toOrder(await api<OrderResponseBody>("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`));
    },

    /**
     * Tells PayPal a captured order shipped (Orders v2 track): PayPal shows the tracking number to the buyer,
     * e-mails them when `notifyPayer`, and releases held funds sooner. The tracker's id is PayPal's.
     */
    async addTracker(
      orderId: string,
      input: {
        captureId: string;
        trackingNumber: string;
        carrier: string;
        carrierNameOther?: string;
        notifyPayer: boolean;
      },
    ): Promise<{ trackerId: string | null }> {
      const order = await api<OrderResponseBody>("POST", `/v2/checkout/orders/${encodeURIComponent(orderId)}/track`, {
        body: JSON.stringify({
          capture_id: input.captureId,
          tracking_number: input.trackingNumber,
          carrier: input.carrier,
          ...(input.carrierNameOther && { carrier_name_other: input.carrierNameOther }),
          notify_payer: input.notifyPayer,
        }),
      });
      const trackers = order.purchase_units?.[0]?.shipping?.trackers ?? [];
      const tracker = trackers.find((t) => t.id?.endsWith(input.trackingNumber)) ?? trackers.at(-1);
      return { trackerId: tracker?.id ?? null };
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
