// Kept apart from the zod schemas in ~/schemas/checkout: buyers' pages import these strings, and zod would add
// ~30 KB to their JavaScript for nothing.

/** The buyer-facing strings, shared by the checkout page and the embed script. */
export const checkoutMessages = {
  success: "Payment successful! Thank you for your purchase.",
  pending: "Thank you! PayPal is reviewing your payment; you will get an e-mail from PayPal once it completes.",
  error: "An error occurred during payment. Please try again.",
  busy: "We are very busy right now and nothing was charged. Please try again in a moment.",
  /** `{id}`: PayPal's id of the payment (or of the order, until PayPal's capture id is known). */
  confirming:
    "Your payment was received and is being confirmed (PayPal reference {id}). Please keep this page open; you will also get a receipt by e-mail.",
  sdkFailed: "Failed to load PayPal button. Please refresh the page.",
  /** Before the keys a payment issued (one, or several): they are in the receipt too. */
  licenseKey: "Your license key (also in your receipt e-mail):",
  licenseKeys: "Your license keys (also in your receipt e-mail):",
  /** The one-click upsell's "yes", and what the buyer is told of their saved PayPal account. */
  upsellYes: "Yes, add it",
  upsellSaved:
    "One click pays with the PayPal account you just used. It is kept only for this offer and deleted when you answer or in 15 minutes.",
  /** `{name}`: the upsell's POP. */
  upsellAdded: "{name} was added to your purchase.",
  unavailable: "This button is not currently available",
  sellerNotReady: "This seller cannot take payments yet.",
} as const;

/**
 * Staff have suspended the merchant: every POP of theirs refuses payments until resumed. Kept out of
 * checkoutMessages, which every embed script carries: only a suspended seller's scripts need it, in place of
 * sellerNotReady.
 */
export const sellerSuspendedMessage = "This seller is not accepting payments right now.";

/** A POP whose stock is gone: shown in place of its button. */
export const soldOutMessage = "Sold out";

/** The order bump's checkbox label, the same on the checkout page, sell pages and the embed. */
export function bumpLabel(
  bump: { name: string; amountMinor: number; regularAmountMinor: number | null },
  format: (minor: number) => string,
): string {
  const usually = bump.regularAmountMinor === null ? "" : ` (usually ${format(bump.regularAmountMinor)})`;
  return `Yes, add ${bump.name} for ${format(bump.amountMinor)}${usually}`;
}

/** Above PayPal's button of a POP that ships (sent only in such a button's config). */
export const shipsNote = "Shipping and any sales tax for your address are added in PayPal's window before you pay.";

/** EU VAT on a digital product: the buyer's country comes first, a business's VAT number may follow. */
export const vatMessages = {
  legend: "VAT",
  countryLabel: "Your country",
  countryPlaceholder: "Select your country",
  /** The choice of a buyer outside the EU. */
  otherCountry: "Outside the EU",
  chooseCountry: "Choose your country: the VAT you pay depends on it.",
  vatNumberLabel: "EU VAT number (businesses, optional)",
  vatNumberInvalid: "This VAT number is not valid for the country you chose.",
  /** `{country}`, `{rate}`: e.g. "Germany", "19". */
  added: "{country} VAT ({rate} %) is added to the price.",
  reverseCharge: "No VAT is charged: reverse charge, VAT to be accounted for by the buyer.",
} as const;
