"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { fieldsFor } from "~/components/ui/form";
import { FormSection } from "~/components/ui/form-section";
import { Input, MoneyInput, Select } from "~/components/ui/input";
import { useFormCurrency } from "~/features/payment-buttons/checkout-settings-fields";
import type { OfferValues } from "~/schemas/offers";
import { api } from "~/trpc/react";

const { FormField } = fieldsFor<Required<OfferValues>>();

/**
 * The order bump and the one-click upsell of a one-time POP, the same on the payment-button and sell-page forms
 * (their fields have the same names). The choices are the store's other one-time POPs in the form's currency.
 */
export function OfferFields({
  exceptButtonId,
  exceptSellPageId,
}: {
  exceptButtonId?: string;
  exceptSellPageId?: string;
}) {
  const currency = useFormCurrency();
  const { control } = useFormContext<Required<OfferValues>>();
  const [bump, upsell] = useWatch({ control, name: ["bumpButtonId", "upsellButtonId"] });
  const choices = api.pages.buttons.offerChoices.useQuery({ currency, exceptButtonId, exceptSellPageId });
  const options = (none: string) =>
    [["", none] as const, ...(choices.data ?? []).map((choice) => [choice.id, choice.label] as const)] as const;
  return (
    <FormSection
      title="Sell more"
      description="Offer another of your products with this one: as a checkbox above the PayPal button, or in one click after the payment."
    >
      <OfferPick
        pick={{ name: "bumpButtonId", label: "Order bump", hint: "Buyers tick it to add it to the same PayPal order." }}
        price={{ name: "bumpPrice", label: "Bump price (optional)" }}
        options={options("No order bump")}
        chosen={Boolean(bump)}
      />
      {bump && (
        <FormField name="bumpPitch" label="Pitch">
          <Input placeholder="Add the workbook for just a few dollars more" />
        </FormField>
      )}
      <OfferPick
        pick={{
          name: "upsellButtonId",
          label: "One-click upsell",
          hint: "Offered for 15 minutes after the payment; with PayPal's saved payment methods, one click pays.",
        }}
        price={{ name: "upsellPrice", label: "Offer price (optional)" }}
        options={options("No upsell")}
        chosen={Boolean(upsell)}
      />
      {upsell && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="upsellHeadline" label="Headline">
            <Input placeholder="Wait! Add the workbook?" />
          </FormField>
          <FormField name="upsellDeclineText" label="'No thanks' text">
            <Input placeholder="No thanks" />
          </FormField>
        </div>
      )}
    </FormSection>
  );
}

/** Which POP an offer is, and (once one is chosen) its offer price. */
function OfferPick({
  pick,
  price,
  options,
  chosen,
}: {
  pick: { name: "bumpButtonId" | "upsellButtonId"; label: string; hint: string };
  price: { name: "bumpPrice" | "upsellPrice"; label: string };
  options: readonly (readonly [string, string])[];
  chosen: boolean;
}) {
  const currency = useFormCurrency();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField name={pick.name} label={pick.label} hint={pick.hint}>
        <Select options={options} />
      </FormField>
      {chosen && (
        <FormField name={price.name} label={price.label} hint="Lower than its own price; empty for its price.">
          <MoneyInput currency={currency} />
        </FormField>
      )}
    </div>
  );
}
