// A merchant's shipping set-up for the shipping module's tests: an order of two posters that ships to the address
// the buyer picks, and a store's order-update callback that prices it.
import type { CallbackAnswer, CallbackRequest } from "./paypal-api";

export const usd = (value: string) => ({ currency_code: "USD", value });
export const dollars = (cents: number) => (cents / 100).toFixed(2);
export const ITEMS = [{ name: "Poster", quantity: "2", unit_amount: usd("10.00"), sku: "POSTER-A2" }];
export const OPTIONS = [
  { id: "standard", label: "Standard", type: "SHIPPING", amount: usd("5.00"), selected: true },
  { id: "express", label: "Express", type: "SHIPPING", amount: usd("15.00"), selected: false },
];

/** An order of two posters (20.00) that ships to the address the buyer picks, priced by `callbackUrl` if given. */
export function orderBody(
  opts: { callbackUrl?: string; events?: string[]; options?: unknown[]; preference?: string } = {},
) {
  const shipping = opts.options ? 500 : 0;
  return {
    intent: "CAPTURE",
    payment_source: {
      paypal: {
        experience_context: {
          shipping_preference: opts.preference ?? "GET_FROM_FILE",
          return_url: "https://shop.example/return",
          cancel_url: "https://shop.example/cancel",
          ...(opts.callbackUrl && {
            order_update_callback_config: {
              callback_events: opts.events ?? ["SHIPPING_ADDRESS", "SHIPPING_OPTIONS"],
              callback_url: opts.callbackUrl,
            },
          }),
        },
      },
    },
    purchase_units: [
      {
        amount: {
          ...usd(dollars(2000 + shipping)),
          breakdown: { item_total: usd("20.00"), ...(shipping && { shipping: usd(dollars(shipping)) }) },
        },
        items: ITEMS,
        ...(opts.options && { shipping: { options: opts.options } }),
      },
    ],
  };
}

/** The merchant's price for two posters: shipping by option, New York's tax on the items. */
export function priced(id: string, option: "standard" | "express", state?: string) {
  const shipping = option === "express" ? 1500 : 500;
  const tax = state === "NY" ? 218 : 0;
  return {
    id,
    purchase_units: [
      {
        reference_id: "default",
        amount: {
          ...usd(dollars(2000 + shipping + tax)),
          breakdown: {
            item_total: usd("20.00"),
            shipping: usd(dollars(shipping)),
            ...(tax > 0 && { tax_total: usd(dollars(tax)) }),
          },
        },
        shipping_options: OPTIONS.map((o) => ({ ...o, selected: o.id === option })),
      },
    ],
  };
}

export const refuse = (issue: string): CallbackAnswer => ({
  status: 422,
  json: { name: "UNPROCESSABLE_ENTITY", details: [{ issue }] },
});

/** A store that ships to the US and Canada (express in the US only) and charges New York's tax. */
export function store({ body }: CallbackRequest): CallbackAnswer {
  const { country_code: country, admin_area_1: state } = body.shipping_address;
  if (country !== "US" && country !== "CA") return refuse("COUNTRY_ERROR");
  const option = body.shipping_option?.id === "express" ? "express" : "standard";
  if (option === "express" && country !== "US") return refuse("METHOD_UNAVAILABLE");
  return { json: priced(body.id, option, state) };
}
