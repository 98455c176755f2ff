import { z } from "zod";
import { currencies } from "~/lib/money";

// The selling-more offers a one-time POP may carry, the same on the payment-button and sell-page forms: an order
// bump (another POP as a checkbox above PayPal's button) and a one-click upsell (another POP offered after the
// payment). Which POPs qualify (this store's, one-time, same currency) is checked on the server, which alone knows.

export const offerMessages = {
  target: "Choose a one-time POP of this store in the same currency.",
  price: "Enter a valid price, e.g. 4.99.",
  pitch: "The pitch can be at most 120 characters.",
  headline: "The headline can be at most 120 characters.",
  decline: "The 'no thanks' text can be at most 60 characters.",
} as const;

const popId = z.string().trim().max(100, offerMessages.target);
const price = z
  .string()
  .trim()
  .max(32, offerMessages.price)
  .refine((value) => value === "" || /^\d+(\.\d+)?$/.test(value), offerMessages.price);

/** Empty strings mean "none" (no bump, no upsell, the POP's own price, the default wording). */
export const offerFields = {
  bumpButtonId: popId.optional(),
  bumpPrice: price.optional(),
  bumpPitch: z.string().trim().max(120, offerMessages.pitch).optional(),
  upsellButtonId: popId.optional(),
  upsellPrice: price.optional(),
  upsellHeadline: z.string().trim().max(120, offerMessages.headline).optional(),
  upsellDeclineText: z.string().trim().max(60, offerMessages.decline).optional(),
};
export type OfferValues = { [K in keyof typeof offerFields]?: string };

export const offerDefaults: Required<OfferValues> = {
  bumpButtonId: "",
  bumpPrice: "",
  bumpPitch: "",
  upsellButtonId: "",
  upsellPrice: "",
  upsellHeadline: "",
  upsellDeclineText: "",
};

/** The POPs a form may offer: one currency, without the POP itself (its id, or a sell page's bundles). */
export const offerChoicesSchema = z.object({
  currency: z.enum(currencies),
  exceptButtonId: z.string().trim().max(100).optional(),
  exceptSellPageId: z.string().trim().max(100).optional(),
});
export type OfferChoicesInput = z.infer<typeof offerChoicesSchema>;
