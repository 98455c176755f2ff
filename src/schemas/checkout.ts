import { z } from "zod";
import { vatMessages } from "~/lib/checkout-messages";

// Buyer-side inputs. There is deliberately no price, currency or status field: the server reads the price from
// the button and the outcome from PayPal, and z.object drops any such key a client adds. What a buyer may choose
// (checkoutChoice) is only ever checked against the seller's settings: a pay-what-you-want amount, a quantity,
// a discount code and whether to add the seller's order bump.

/** Our ids are cuids; anything else cannot be a button, so it is simply "not found". */
const buttonId = z
  .string({ error: "Button ID is required" })
  .trim()
  .min(1, "Button ID is required")
  .max(64, "Payment button not found")
  .regex(/^[A-Za-z0-9_-]+$/, "Payment button not found");

/** PayPal order and subscription ids: letters, digits and dashes (e.g. 5O190127TN364715T, I-BW452GLLEP1G). */
const paypalId = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(64, `${what} is not valid`)
    .regex(/^[A-Za-z0-9-]+$/, `${what} is not valid`);

const notAnObject = "The request must be a JSON object.";

export const checkoutButtonSchema = z.object({ buttonId }, { error: notAnObject });
export type CheckoutButtonInput = z.infer<typeof checkoutButtonSchema>;

/** The embed posts strings; the checkout page numbers. */
const quantity = z
  .union([
    z.number().max(100_000, "That is too many."),
    z
      .string()
      .trim()
      .max(6, "Enter a whole number of items.")
      .regex(/^\d+$/, "Enter a whole number of items.")
      .transform(Number),
  ])
  .pipe(z.number().int("Enter a whole number of items.").min(1, "Buy at least 1.").max(100_000, "That is too many."));

/**
 * Where the buyer is, for a store that charges EU VAT on digital products: an EU country's code, or "other"
 * outside the EU; and a business's VAT number. The server checks the number and takes the rate from its table.
 */
export const buyerTaxChoice = {
  buyerCountry: z
    .string()
    .trim()
    .max(5, vatMessages.chooseCountry)
    .regex(/^([A-Z]{2}|other)$/, vatMessages.chooseCountry)
    .optional(),
  vatNumber: z.string().trim().max(20, vatMessages.vatNumberInvalid).optional(),
};

const checkoutChoice = {
  ...buyerTaxChoice,
  /** Pay what you want: the amount in the button's currency, as typed ("12.50"). */
  amount: z.string().max(32, "Enter the amount you want to pay, e.g. 12.50.").optional(),
  quantity: quantity.optional(),
  discountCode: z.string().max(64, "This discount code is not valid.").optional(),
  /** The order bump's checkbox: the embed posts "true" / "false", the checkout page a boolean. */
  bump: z
    .union([
      z.boolean(),
      z.enum(["true", "false"], { error: "Tick the box or leave it." }).transform((v) => v === "true"),
    ])
    .optional(),
};

export const createOrderSchema = z.object({ buttonId, ...checkoutChoice }, { error: notAnObject });
export type CreateOrderInput = z.infer<typeof createOrderSchema>;
export type CheckoutChoice = Omit<CreateOrderInput, "buttonId">;

export const captureOrderSchema = z.object({ buttonId, orderId: paypalId("Order ID") }, { error: notAnObject });
export type CaptureOrderInput = z.infer<typeof captureOrderSchema>;

/** A buyer starts a subscription: where they are, for a store that charges EU VAT. */
export const startSubscriptionSchema = z.object({ buttonId, ...buyerTaxChoice }, { error: notAnObject });
export type StartSubscriptionInput = z.infer<typeof startSubscriptionSchema>;

/** The subscription the buyer approved. */
export const recordSubscriptionSchema = z.object(
  { buttonId, subscriptionId: paypalId("Subscription ID") },
  { error: notAnObject },
);
export type RecordSubscriptionInput = z.infer<typeof recordSubscriptionSchema>;

/** "Yes, add it" and "No thanks" of a one-click upsell: the offer's token, as the capture's answer carried it. */
export const upsellSchema = z.object(
  {
    token: z
      .string({ error: "This offer is no longer available." })
      .trim()
      .max(64, "This offer is no longer available.")
      .regex(/^[A-Za-z0-9_-]{43}$/, "This offer is no longer available."),
    answer: z.enum(["yes", "no"], { error: "Answer yes or no." }),
  },
  { error: notAnObject },
);
export type UpsellInput = z.infer<typeof upsellSchema>;
