import { z } from "zod";
import { currencies, toDecimalString, toMinorUnits, type Currency } from "~/lib/money";
import { isPlaceCode } from "~/lib/places";
import { carriers } from "~/lib/tracking";
import { MAX_AMOUNT_LENGTH } from "~/schemas/payment-buttons";

// Where a store ships, what shipping costs, and the sales tax it charges: the seller's form (decimal text, places
// typed as codes) and the stored form (minor units, place lists) the pricing reads (src/lib/order-pricing.ts).

export const MAX_ZONES = 20;
export const MAX_RATES_PER_ZONE = 5;
export const MAX_TAX_RATES = 100;
const MAX_PLACES_TEXT = 2000;
/** The highest sales tax or VAT rate anywhere is under 30%; a larger one is a typo. */
const MAX_TAX_PERCENT = 30;

/** A rate as stored: what one order pays, plus per unit that ships, and free from an order amount on. */
export type ShippingRate = {
  id: string;
  name: string;
  flatMinor: number;
  perItemMinor: number;
  freeAboveMinor: number | null;
};
/** A zone as stored: its places ("US", "US-CA", "CA-ON") and its rates, in one currency. */
export type ShippingZone = { id: string; name: string; currency: Currency; places: string[]; rates: ShippingRate[] };
/** A sales tax rate for a place, in parts per million of the price (8.875% = 88,750). */
export type TaxRate = { place: string; ratePpm: number };

const amountText = z.string().trim().max(MAX_AMOUNT_LENGTH, "Enter an amount, e.g. 5.00.");

const rateSchema = z.object({
  id: z.string().trim().max(40).optional(),
  name: z
    .string()
    .trim()
    .min(1, "Enter the rate's name, e.g. Standard.")
    .max(60, "A rate's name must be at most 60 characters."),
  price: amountText.min(1, "Enter the price per order, e.g. 5.00 (0 for free)."),
  perItem: amountText,
  freeAbove: amountText,
});

const zoneSchema = z.object({
  id: z.string().trim().max(40).optional(),
  name: z
    .string()
    .trim()
    .min(1, "Enter the zone's name, e.g. United States.")
    .max(60, "A zone's name must be at most 60 characters."),
  currency: z.enum(currencies),
  places: z.string().max(MAX_PLACES_TEXT, "List at most 2,000 characters of places."),
  rates: z
    .array(rateSchema)
    .min(1, "Add at least one rate.")
    .max(MAX_RATES_PER_ZONE, `A zone has at most ${MAX_RATES_PER_ZONE} rates.`),
});

const taxRateSchema = z.object({
  place: z.string().trim().max(10, "Enter a country or state code, e.g. US-NY."),
  rate: z.string().trim().max(12, "Enter the rate in percent, e.g. 8.875."),
});

/** "US, ca-on  GB" as the place codes it names, upper-cased, each once. */
export function placesOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
}

/** A percentage typed with up to four decimals, as parts per million; null when it is not one in (0, 30]. */
export function ratePpmOf(text: string): number | null {
  const match = /^(\d{1,2})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const ppm = Number(match[1]) * 10_000 + Number((match[2] ?? "").padEnd(4, "0"));
  return ppm > 0 && ppm <= MAX_TAX_PERCENT * 10_000 ? ppm : null;
}

export const updateShippingSchema = z
  .object({
    zones: z.array(zoneSchema).max(MAX_ZONES, `A store has at most ${MAX_ZONES} shipping zones.`),
    taxRates: z.array(taxRateSchema).max(MAX_TAX_RATES, `A store has at most ${MAX_TAX_RATES} tax rates.`),
    /** EU VAT on digital products, by the buyer's country (src/lib/eu-vat.ts). */
    chargesEuVat: z.boolean(),
  })
  .superRefine((input, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const zoneOfPlace = new Map<string, string>();
    input.zones.forEach((zone, z) => {
      const places = placesOf(zone.places);
      const unknown = places.filter((code) => !isPlaceCode(code));
      if (places.length === 0)
        issue(["zones", z, "places"], "List the countries or states this zone covers, e.g. US, CA.");
      else if (unknown.length > 0) {
        issue(["zones", z, "places"], `Not a country or US/Canadian state code: ${unknown.slice(0, 5).join(", ")}.`);
      }
      for (const code of places) {
        const key = `${zone.currency}:${code}`;
        const other = zoneOfPlace.get(key);
        if (other !== undefined) issue(["zones", z, "places"], `${code} is already in the zone "${other}".`);
        zoneOfPlace.set(key, zone.name);
      }
      zone.rates.forEach((rate, r) => {
        const path = ["zones", z, "rates", r];
        if (toMinorUnits(rate.price, zone.currency) === null) {
          issue([...path, "price"], "Enter the price per order, e.g. 5.00 (0 for free).");
        }
        if (rate.perItem !== "" && toMinorUnits(rate.perItem, zone.currency) === null) {
          issue([...path, "perItem"], "Enter the price per item, e.g. 1.50, or leave it empty.");
        }
        if (rate.freeAbove !== "" && toMinorUnits(rate.freeAbove, zone.currency) === null) {
          issue([...path, "freeAbove"], "Enter the order amount from which shipping is free, or leave it empty.");
        }
      });
    });
    const taxed = new Set<string>();
    input.taxRates.forEach((tax, t) => {
      const place = tax.place.toUpperCase();
      if (!isPlaceCode(place))
        issue(["taxRates", t, "place"], "Enter a country or US/Canadian state code, e.g. US-NY.");
      else if (taxed.has(place)) issue(["taxRates", t, "place"], `${place} already has a tax rate.`);
      taxed.add(place);
      if (ratePpmOf(tax.rate) === null)
        issue(["taxRates", t, "rate"], "Enter a rate above 0 and up to 30%, e.g. 8.875.");
    });
  });
export type UpdateShippingInput = z.infer<typeof updateShippingSchema>;

/** The seller's form as stored; `newId` names zones and rates that have no id yet (PayPal shows the rate's id). */
export function toStoredShipping(input: UpdateShippingInput, newId: () => string) {
  const zones: ShippingZone[] = input.zones.map((zone) => ({
    id: zone.id || newId(),
    name: zone.name,
    currency: zone.currency,
    places: placesOf(zone.places),
    rates: zone.rates.map((rate) => ({
      id: rate.id || newId(),
      name: rate.name,
      flatMinor: toMinorUnits(rate.price, zone.currency) ?? 0,
      perItemMinor: rate.perItem === "" ? 0 : (toMinorUnits(rate.perItem, zone.currency) ?? 0),
      freeAboveMinor: rate.freeAbove === "" ? null : toMinorUnits(rate.freeAbove, zone.currency),
    })),
  }));
  const taxRates: TaxRate[] = input.taxRates.map((tax) => ({
    place: tax.place.toUpperCase(),
    ratePpm: ratePpmOf(tax.rate) ?? 0,
  }));
  return { zones, taxRates, chargesEuVat: input.chargesEuVat };
}

/** A percentage as the form shows it: 88,750 ppm is "8.875". */
export const percentText = (ppm: number) => (ppm / 10_000).toFixed(4).replace(/\.?0+$/, "");

/** What is stored, as the seller's form shows it. */
export function toShippingForm(zones: ShippingZone[], taxRates: TaxRate[], chargesEuVat: boolean): UpdateShippingInput {
  return {
    zones: zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      currency: zone.currency,
      places: zone.places.join(", "),
      rates: zone.rates.map((rate) => ({
        id: rate.id,
        name: rate.name,
        price: toDecimalString(rate.flatMinor, zone.currency),
        perItem: rate.perItemMinor === 0 ? "" : toDecimalString(rate.perItemMinor, zone.currency),
        freeAbove: rate.freeAboveMinor === null ? "" : toDecimalString(rate.freeAboveMinor, zone.currency),
      })),
    })),
    taxRates: taxRates.map((tax) => ({ place: tax.place, rate: percentText(tax.ratePpm) })),
    chargesEuVat,
  };
}

export const fulfilmentStatuses = ["unfulfilled", "shipped", "delivered"] as const;
export const fulfilmentLabels: Record<(typeof fulfilmentStatuses)[number], string> = {
  unfulfilled: "To ship",
  shipped: "Shipped",
  delivered: "Delivered",
};

/** The "To ship" list: orders by fulfilment status (to ship first), searchable, a page at a time. */
export const listShipmentsSchema = z.object({
  status: z.enum(fulfilmentStatuses).default("unfulfilled"),
  q: z.string().trim().max(200, "Search must be at most 200 characters").default(""),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type ListShipmentsInput = z.input<typeof listShipmentsSchema>;

/** PayPal's limit on a tracking number; carriers' own are shorter. Letters, digits, spaces and dashes. */
export const MAX_TRACKING_NUMBER = 64;

export const markShippedSchema = z
  .object({
    id: z.string().trim().min(1).max(64),
    carrier: z.enum(carriers, "Choose the carrier."),
    carrierName: z.string().trim().max(64, "The carrier's name must be at most 64 characters.").default(""),
    trackingNumber: z
      .string()
      .trim()
      .min(1, "Enter the tracking number.")
      .max(MAX_TRACKING_NUMBER, `A tracking number has at most ${MAX_TRACKING_NUMBER} characters.`)
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "A tracking number has only letters, digits, spaces and dashes."),
    notifyBuyer: z.boolean().default(true),
  })
  .superRefine((input, ctx) => {
    if (input.carrier === "OTHER" && input.carrierName === "") {
      ctx.addIssue({ code: "custom", path: ["carrierName"], message: "Enter the carrier's name." });
    }
  });
export type MarkShippedInput = z.input<typeof markShippedSchema>;

export const markDeliveredSchema = z.object({ id: z.string().trim().min(1).max(64) });

/** The most orders one CSV marks shipped, and its size: a day's parcels of a busy store, not a data dump. */
export const MAX_SHIPMENT_ROWS = 200;
export const MAX_SHIPMENT_CSV = 100_000;

export const markShippedFromCsvSchema = z.object({
  csv: z
    .string()
    .min(1, "Choose a CSV file of tracking numbers.")
    .max(MAX_SHIPMENT_CSV, "The file is too large: send at most 200 orders at a time."),
  notifyBuyer: z.boolean().default(true),
});
export type MarkShippedFromCsvInput = z.input<typeof markShippedFromCsvSchema>;
