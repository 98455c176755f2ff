import { randomBytes } from "node:crypto";
import { placeName } from "~/lib/places";
import {
  toShippingForm,
  toStoredShipping,
  type ShippingZone,
  type TaxRate,
  type UpdateShippingInput,
} from "~/schemas/shipping";
import { db } from "~/server/platform/db";

// Settings › Shipping & tax: where the store ships, its rates per zone, its sales tax rates, and whether it charges
// EU VAT on digital products. Checkouts copy
// them when an order is created (checkout/shipping.ts), so saving here never re-prices an order already made.

/** The JSON columns as the pricing reads them (written only by updateShipping, through its schema). */
export function storedShipping(row: { shippingZones: unknown; taxRates: unknown } | null) {
  return {
    zones: Array.isArray(row?.shippingZones) ? (row.shippingZones as ShippingZone[]) : [],
    taxRates: Array.isArray(row?.taxRates) ? (row.taxRates as TaxRate[]) : [],
  };
}

export async function getShippingSettings(merchantId: string) {
  const row = await db.storeSettings.findUnique({
    where: { merchantId },
    select: { shippingZones: true, taxRates: true, chargesEuVat: true },
  });
  const { zones, taxRates } = storedShipping(row);
  return {
    form: toShippingForm(zones, taxRates, row?.chargesEuVat ?? false),
    /** Each zone's places by name, for the seller to check what the codes they typed mean. */
    placeNames: zones.map((zone) => zone.places.map(placeName)),
  };
}

export async function updateShipping(merchantId: string, input: UpdateShippingInput) {
  const { zones, taxRates, chargesEuVat } = toStoredShipping(input, () => randomBytes(6).toString("hex"));
  await db.$transaction(async (tx) => {
    const merchant = await tx.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { name: true } });
    await tx.storeSettings.upsert({
      where: { merchantId },
      create: { merchantId, storeName: merchant.name, shippingZones: zones, taxRates, chargesEuVat },
      update: { shippingZones: zones, taxRates, chargesEuVat },
    });
  });
  return getShippingSettings(merchantId);
}
