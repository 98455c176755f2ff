import type { Currency } from "~/lib/money";
import { placeOf } from "~/lib/places";
import type { ShippingZone, TaxRate } from "~/schemas/shipping";

// The one pricing of an order that ships: its shipping options for the buyer's address, the option's price, and
// the sales tax of each line. PayPal's order-update callback answers with it while the buyer is in PayPal's window,
// and the capture checks PayPal's final amount against it, so what is captured is what we computed. A digital
// order's EU VAT is priced by the same function, for the country its buyer named before the order was created.

/**
 * What an order with shipping or tax was created with: the store's zones and tax rates then, and the order's
 * lines. A digital order taxed by EU VAT has no zones and its one rate, for the country the buyer named.
 */
export type OrderPlan = {
  currency: Currency;
  zones: ShippingZone[];
  taxRates: TaxRate[];
  /** Each line's amount after its discount; `ships` lines count for per-item rates. */
  lines: { amountMinor: number; quantity: number; ships: boolean; taxIncluded: boolean }[];
  /** A digital order's buyer: the EU country they named, and a business's VAT number (reverse charge: no rate). */
  buyer?: { country: string; vatId: string | null };
};

export type ShippingOption = { id: string; label: string; amountMinor: number; selected: boolean };

/** PayPal's names for why an address or option cannot be used; its window tells the buyer in its own words. */
export type ShippingRefusal = "COUNTRY_ERROR" | "STATE_ERROR";

export type OrderPrice = {
  options: ShippingOption[];
  /** The chosen option's price (0 when the store set no zones: it ships anywhere for free). */
  shippingMinor: number;
  shippingMethod: string | null;
  /** Sales tax added on top of prices, per line, and the tax inside prices that include it. */
  lineTaxes: { taxMinor: number; included: boolean }[];
  taxMinor: number;
  itemTotalMinor: number;
  totalMinor: number;
};

/** A plan read back from the database: anything else (an order with neither shipping nor tax) is null. */
export function asOrderPlan(value: unknown): OrderPlan | null {
  if (typeof value !== "object" || value === null || !("lines" in value) || !("zones" in value)) return null;
  return value as OrderPlan;
}

/** The zone for an address: one naming its state or province comes before one naming its whole country. */
function zoneFor(zones: ShippingZone[], where: { country: string; region: string | null }) {
  return (
    (where.region !== null && zones.find((zone) => zone.places.includes(where.region!))) ||
    zones.find((zone) => zone.places.includes(where.country)) ||
    null
  );
}

/** The tax rate for an address: its state's or province's, else its country's, else none. */
function taxRateFor(rates: TaxRate[], where: { country: string; region: string | null }) {
  return (
    (where.region !== null && rates.find((rate) => rate.place === where.region)) ||
    rates.find((rate) => rate.place === where.country) ||
    null
  );
}

/**
 * Tax of one line in minor units, rounded half up per line (what receipts show per line adds up to the total).
 * Added: the price times the rate. Included: the part of the price that is tax, price − price ÷ (1 + rate).
 */
export function lineTax(amountMinor: number, ratePpm: number, included: boolean): number {
  if (ratePpm === 0 || amountMinor <= 0) return 0;
  if (!included) return Math.round((amountMinor * ratePpm) / 1_000_000);
  return amountMinor - Math.round((amountMinor * 1_000_000) / (1_000_000 + ratePpm));
}

/**
 * Prices the order for the buyer's address and chosen option (PayPal's option id; an unknown or missing one
 * takes the zone's first rate). A country or state no zone covers is refused, unless the store set no zones.
 */
export function priceOrder(
  plan: OrderPlan,
  address: { countryCode: string; region: string | null },
  optionId: string | null,
): OrderPrice | { refusal: ShippingRefusal } {
  const where = placeOf(address);
  const zones = plan.zones.filter((zone) => zone.currency === plan.currency);
  const itemTotalMinor = plan.lines.reduce((sum, line) => sum + line.amountMinor, 0);
  let options: ShippingOption[] = [];
  if (zones.length > 0) {
    const zone = zoneFor(zones, where);
    if (!zone) {
      // The store ships to some states of this country, not this one.
      const someStates = zones.some((z) => z.places.some((place) => place.startsWith(`${where.country}-`)));
      return { refusal: someStates ? "STATE_ERROR" : "COUNTRY_ERROR" };
    }
    const shippedUnits = plan.lines.reduce((sum, line) => sum + (line.ships ? line.quantity : 0), 0);
    const chosen = zone.rates.some((rate) => rate.id === optionId) ? optionId : zone.rates[0]?.id;
    options = zone.rates.map((rate) => ({
      id: rate.id,
      label: rate.name,
      amountMinor:
        rate.freeAboveMinor !== null && itemTotalMinor >= rate.freeAboveMinor
          ? 0
          : rate.flatMinor + rate.perItemMinor * shippedUnits,
      selected: rate.id === chosen,
    }));
  }
  const selected = options.find((option) => option.selected) ?? null;
  const ratePpm = taxRateFor(plan.taxRates, where)?.ratePpm ?? 0;
  const lineTaxes = plan.lines.map((line) => ({
    taxMinor: lineTax(line.amountMinor, ratePpm, line.taxIncluded),
    included: line.taxIncluded,
  }));
  const taxMinor = lineTaxes.reduce((sum, line) => sum + (line.included ? 0 : line.taxMinor), 0);
  const shippingMinor = selected?.amountMinor ?? 0;
  return {
    options,
    shippingMinor,
    shippingMethod: selected?.label ?? null,
    lineTaxes,
    taxMinor,
    itemTotalMinor,
    totalMinor: itemTotalMinor + shippingMinor + taxMinor,
  };
}
