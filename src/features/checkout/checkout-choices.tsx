"use client";

import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { BuyerCountryFields, type BuyerTax } from "~/features/checkout/buyer-country-fields";
import { CheckoutError, postCheckout, type PublicButton } from "~/features/checkout/checkout-api";
import type { PaymentNotice } from "~/features/checkout/payment-message";
import { bumpLabel } from "~/lib/checkout-messages";
import { formatMoney, toDecimalString } from "~/lib/money";

/** What the buyer chose, as the checkout endpoints take it (our server checks and prices it). */
export type Choices = { amount?: string; quantity?: string; discountCode?: string; bump?: "true" } & BuyerTax;

/** Whether the buyer has anything to choose before paying (a subscriber only their country, for EU VAT). */
export const offersChoices = (button: PublicButton) =>
  button.asksBuyerCountry ||
  (!button.isSubscription &&
    (button.payWhatYouWant || button.maxQuantity > 1 || button.acceptsDiscountCodes || button.bump !== null));

/**
 * /checkout/{id}'s counterpart of the embed's fields (src/embed/payment-button-checkout.ts): the amount of a
 * pay-what-you-want button, the quantity, a discount code whose Apply shows the total our server would charge, the
 * seller's order bump, and the buyer's country for EU VAT.
 */
export function CheckoutChoices({
  button,
  choices,
  onChange,
  onNotice,
}: {
  button: PublicButton;
  choices: Choices;
  onChange(choices: Choices): void;
  onNotice(notice: PaymentNotice): void;
}) {
  const [applying, setApplying] = useState(false);
  const set = (key: keyof Choices) => (event: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...choices, [key]: event.target.value });

  async function apply() {
    setApplying(true);
    onNotice(null);
    try {
      const quote = await postCheckout("quote", { buttonId: button.id, ...definedOnly(choices) });
      onNotice({
        tone: "success",
        text: [quote.discountText, quote.vatText, `Total: ${quote.total}`].filter(Boolean).join(". "),
      });
    } catch (error) {
      onNotice({ tone: "error", text: error instanceof CheckoutError ? error.message : String(error) });
    } finally {
      setApplying(false);
    }
  }

  return (
    <div className="space-y-4">
      {button.payWhatYouWant && (
        <Field
          id="checkout-amount"
          label={`Name your price (${formatMoney(button.minimumAmountMinor ?? 1, button.currency)} or more)`}
        >
          <Input id="checkout-amount" inputMode="decimal" value={choices.amount ?? ""} onChange={set("amount")} />
        </Field>
      )}
      {button.maxQuantity > 1 && (
        <Field id="checkout-quantity" label="Quantity">
          <Input
            id="checkout-quantity"
            type="number"
            min={1}
            max={button.maxQuantity}
            value={choices.quantity ?? "1"}
            onChange={set("quantity")}
          />
        </Field>
      )}
      {button.acceptsDiscountCodes && (
        <Field id="checkout-code" label="Discount code">
          <div className="flex gap-2">
            <Input
              id="checkout-code"
              autoComplete="off"
              value={choices.discountCode ?? ""}
              onChange={set("discountCode")}
            />
            <Button type="button" variant="secondary" onClick={() => void apply()} disabled={applying}>
              Apply
            </Button>
          </div>
        </Field>
      )}
      {button.bump && (
        <label className="block rounded-lg border border-dashed border-amber-400 bg-amber-50 p-3 text-sm text-gray-900">
          <span className="flex items-center gap-3 font-medium">
            <input
              type="checkbox"
              name="bump"
              className="accent-brand-600 size-4 shrink-0"
              checked={choices.bump === "true"}
              onChange={(event) => onChange({ ...choices, bump: event.target.checked ? "true" : undefined })}
            />
            {bumpLabel(button.bump, (minor) => formatMoney(minor, button.currency))}
          </span>
          {button.bump.pitch && <span className="mt-1 block pl-7 text-gray-600">{button.bump.pitch}</span>}
        </label>
      )}
      {button.asksBuyerCountry && (
        <BuyerCountryFields idPrefix="checkout" value={choices} onChange={(tax) => onChange({ ...choices, ...tax })} />
      )}
    </div>
  );
}

/** The first choices of a button: the suggested price of a pay-what-you-want one. */
export function initialChoices(button: PublicButton): Choices {
  return button.payWhatYouWant ? { amount: toDecimalString(button.amountMinor, button.currency) } : {};
}

export function definedOnly(choices: Choices): Record<string, string> {
  return Object.fromEntries(
    Object.entries(choices).filter((entry): entry is [string, string] => (entry[1] ?? "").trim() !== ""),
  );
}
