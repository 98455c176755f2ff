"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, X } from "lucide-react";
import { useFieldArray, useForm, useFormContext, useWatch } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { fieldsFor } from "~/components/ui/form";
import { Input, MoneyInput, Select } from "~/components/ui/input";
import { SettingsCardForm } from "~/features/accounts/settings-card-form";
import { EU_VAT_RATES_CHECKED_ON } from "~/lib/eu-vat";
import { currencies } from "~/lib/money";
import {
  MAX_RATES_PER_ZONE,
  MAX_TAX_RATES,
  MAX_ZONES,
  updateShippingSchema,
  type UpdateShippingInput,
} from "~/schemas/shipping";
import { api, type RouterOutputs } from "~/trpc/react";

type ShippingSettings = RouterOutputs["merchant"]["store"]["shipping"];

const { CheckboxField, FormField, FormMessage } = fieldsFor<UpdateShippingInput>();
const currencyOptions = currencies.map((currency) => [currency, currency] as const);

/**
 * Settings › Shipping & tax: the zones a store ships to with their rates, and its sales tax rates. Orders that
 * ship are priced from these inside PayPal's window; an order already created keeps the rates it was made with.
 */
export function ShippingSettingsForm({ initial }: { initial: ShippingSettings }) {
  const update = api.merchant.store.updateShipping.useMutation();
  const form = useForm<UpdateShippingInput>({
    resolver: zodResolver(updateShippingSchema),
    defaultValues: initial.form,
    reValidateMode: "onSubmit",
  });
  const zones = useFieldArray({ control: form.control, name: "zones" });
  const taxRates = useFieldArray({ control: form.control, name: "taxRates" });

  return (
    <SettingsCardForm
      form={form}
      save={async (values) => {
        form.reset((await update.mutateAsync(values)).form);
        return "Shipping and tax saved.";
      }}
      failureMessage="Failed to save shipping and tax. Please try again."
      titleId="shipping-title"
      title="Shipping zones and tax"
      description="Buyers of POPs marked “This ships” pick their address and a shipping option in PayPal's window, which shows the shipping and tax for that address. With no zones, you ship anywhere for free."
      labels={{ submit: "Save shipping and tax", busy: "Saving..." }}
    >
      <section aria-labelledby="zones-heading" className="space-y-4">
        <h3 id="zones-heading" className="text-sm font-semibold text-gray-900">
          Shipping zones
        </h3>
        {zones.fields.length === 0 && (
          <p className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700">
            No zones yet: orders ship anywhere, for free.
          </p>
        )}
        {zones.fields.map((zone, index) => (
          <ZoneFields key={zone.id} index={index} onRemove={() => zones.remove(index)} />
        ))}
        <FormMessage name="zones" />
        {zones.fields.length < MAX_ZONES && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              zones.append(
                {
                  name: "",
                  currency: "USD",
                  places: "",
                  rates: [{ name: "Standard", price: "", perItem: "", freeAbove: "" }],
                },
                { shouldFocus: true },
              )
            }
          >
            <Plus aria-hidden className="size-4" />
            Add zone
          </Button>
        )}
      </section>

      <section aria-labelledby="tax-heading" className="space-y-3 border-t border-gray-100 pt-4">
        <div>
          <h3 id="tax-heading" className="text-sm font-semibold text-gray-900">
            Sales tax
          </h3>
          <p className="text-xs text-gray-600">
            Added to orders that ship to these places (a state&apos;s rate before its country&apos;s). Tick “Price
            includes tax” on a POP to take the tax out of its price instead.
          </p>
        </div>
        {taxRates.fields.map((rate, index) => (
          <div key={rate.id} className="flex items-start gap-2">
            <div className="grid flex-1 gap-2 sm:grid-cols-2">
              <FormField
                name={`taxRates.${index}.place`}
                label={`Tax rate ${index + 1}: country or state`}
                hint="e.g. US-NY, CA-ON or DE"
              >
                <Input autoComplete="off" maxLength={10} className="font-mono uppercase" />
              </FormField>
              <FormField name={`taxRates.${index}.rate`} label={`Tax rate ${index + 1}: rate (%)`}>
                <Input inputMode="decimal" autoComplete="off" maxLength={12} placeholder="e.g. 8.875" />
              </FormField>
            </div>
            <Button
              variant="ghost"
              size="sm"
              className="mt-7"
              aria-label={`Remove tax rate ${index + 1}`}
              onClick={() => taxRates.remove(index)}
            >
              <X aria-hidden className="size-4" />
            </Button>
          </div>
        ))}
        {taxRates.fields.length < MAX_TAX_RATES && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => taxRates.append({ place: "", rate: "" }, { shouldFocus: true })}
          >
            <Plus aria-hidden className="size-4" />
            Add tax rate
          </Button>
        )}
      </section>

      <section aria-labelledby="eu-vat-heading" className="space-y-3 border-t border-gray-100 pt-4">
        <h3 id="eu-vat-heading" className="text-sm font-semibold text-gray-900">
          EU VAT on digital products
        </h3>
        <CheckboxField
          name="chargesEuVat"
          label="Charge EU VAT on digital products"
          hint={`For stores registered for the EU's One-Stop Shop. Buyers of POPs that do not ship choose their country before paying; EU consumers pay its standard rate (rates as of ${EU_VAT_RATES_CHECKED_ON}), and businesses with a valid EU VAT number pay none (reverse charge). The Tax report lists them by country for your OSS return. Subscribers pay it on every renewal: PayPal adds their country's rate to each payment.`}
        />
      </section>
    </SettingsCardForm>
  );
}

/** One zone: its name, currency and places, and its rates (PayPal's window offers them in this order). */
function ZoneFields({ index, onRemove }: { index: number; onRemove: () => void }) {
  const form = useFormContext<UpdateShippingInput>();
  const rates = useFieldArray({ control: form.control, name: `zones.${index}.rates` });
  const [name, currency] = useWatch({
    control: form.control,
    name: [`zones.${index}.name`, `zones.${index}.currency`],
  });
  const zoneLabel = `Zone ${index + 1}`;
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 text-sm font-medium text-gray-900">{name || zoneLabel}</legend>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <FormField name={`zones.${index}.name`} label={`${zoneLabel} name`} required>
          <Input maxLength={60} placeholder="e.g. United States" />
        </FormField>
        <FormField
          name={`zones.${index}.currency`}
          label={`${zoneLabel} currency`}
          hint="Prices the zone's rates; POPs in this currency use it."
        >
          <Select options={currencyOptions} />
        </FormField>
      </div>
      <FormField
        name={`zones.${index}.places`}
        label={`${zoneLabel} countries and states`}
        required
        hint="Country codes, or US states and Canadian provinces, separated by commas: US, CA or US-CA, US-NY."
      >
        <Input autoComplete="off" maxLength={2000} className="font-mono" />
      </FormField>
      {rates.fields.map((rate, r) => (
        <div key={rate.id} className="flex items-start gap-2">
          <div className="grid flex-1 gap-2 sm:grid-cols-4">
            <FormField name={`zones.${index}.rates.${r}.name`} label={`${zoneLabel} rate ${r + 1} name`}>
              <Input maxLength={60} placeholder="e.g. Standard" />
            </FormField>
            <FormField name={`zones.${index}.rates.${r}.price`} label={`Per order (${currency})`}>
              <MoneyInput currency={currency} min={0} />
            </FormField>
            <FormField name={`zones.${index}.rates.${r}.perItem`} label={`Per item (${currency})`}>
              <MoneyInput currency={currency} min={0} />
            </FormField>
            <FormField name={`zones.${index}.rates.${r}.freeAbove`} label={`Free from (${currency})`}>
              <MoneyInput currency={currency} />
            </FormField>
          </div>
          {rates.fields.length > 1 && (
            <Button
              variant="ghost"
              size="sm"
              className="mt-7"
              aria-label={`Remove ${zoneLabel} rate ${r + 1}`}
              onClick={() => rates.remove(r)}
            >
              <X aria-hidden className="size-4" />
            </Button>
          )}
        </div>
      ))}
      <FormMessage name={`zones.${index}.rates`} />
      <div className="flex flex-wrap gap-2">
        {rates.fields.length < MAX_RATES_PER_ZONE && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => rates.append({ name: "", price: "", perItem: "", freeAbove: "" }, { shouldFocus: true })}
          >
            <Plus aria-hidden className="size-4" />
            Add rate
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onRemove}>
          Remove {name || zoneLabel}
        </Button>
      </div>
    </fieldset>
  );
}
