"use client";

import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { vatMessages } from "~/lib/checkout-messages";
import { EU_VAT_STANDARD_RATES, isEuCountry } from "~/lib/eu-vat";

/** The buyer's country (an EU code or "other") and a business's VAT number, as the checkout endpoints take them. */
export type BuyerTax = { buyerCountry?: string; vatNumber?: string };

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });
const euCountries = Object.keys(EU_VAT_STANDARD_RATES)
  .map((code) => [code, countryNames.of(code) ?? code] as const)
  .sort((a, b) => a[1].localeCompare(b[1]));
const countryOptions = [
  ["", vatMessages.countryPlaceholder] as const,
  ...euCountries,
  ["other", vatMessages.otherCountry] as const,
];

/**
 * EU VAT on a digital product (the embed's counterpart is in src/embed/payment-button-checkout.ts): the buyer names
 * their country before paying and sees the rate that will be added; a business's VAT number means none is. Our
 * server checks the number and prices the VAT from the same table.
 */
export function BuyerCountryFields({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: BuyerTax;
  onChange(value: BuyerTax): void;
}) {
  const country = value.buyerCountry ?? "";
  const note = !isEuCountry(country)
    ? null
    : value.vatNumber?.trim()
      ? vatMessages.reverseCharge
      : vatMessages.added
          .replace("{country}", countryNames.of(country) ?? country)
          .replace("{rate}", EU_VAT_STANDARD_RATES[country]);
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">{vatMessages.legend}</legend>
      <Field id={`${idPrefix}-country`} label={vatMessages.countryLabel}>
        <Select
          id={`${idPrefix}-country`}
          value={country}
          options={countryOptions}
          onChange={(event) => onChange({ ...value, buyerCountry: event.target.value || undefined })}
        />
      </Field>
      <Field id={`${idPrefix}-vat-number`} label={vatMessages.vatNumberLabel}>
        <Input
          id={`${idPrefix}-vat-number`}
          autoComplete="off"
          value={value.vatNumber ?? ""}
          onChange={(event) => onChange({ ...value, vatNumber: event.target.value })}
        />
      </Field>
      <p className="text-sm text-gray-600" aria-live="polite">
        {note}
      </p>
    </fieldset>
  );
}
