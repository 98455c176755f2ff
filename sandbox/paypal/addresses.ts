import type { Payer } from "./state";

// The test buyers' PayPal address book: every persona can ship to any of these. Tests pick them by id, and the
// buyer window and the approval page list them in this order (the first one is the address PayPal preselects).

export interface TestAddress {
  id: string;
  label: string;
  address: {
    address_line_1: string;
    admin_area_2: string;
    /** Absent where the country's addresses have no state or province (Germany). */
    admin_area_1?: string;
    postal_code: string;
    country_code: string;
  };
}

const entry = (id: string, address: TestAddress["address"]): TestAddress => ({
  id,
  label: [
    address.address_line_1,
    address.admin_area_2,
    [address.admin_area_1, address.postal_code].filter(Boolean).join(" "),
    address.country_code,
  ].join(", "),
  address,
});

export const TEST_ADDRESSES: readonly TestAddress[] = [
  entry("us-ca", {
    address_line_1: "2211 N First Street",
    admin_area_2: "San Jose",
    admin_area_1: "CA",
    postal_code: "95131",
    country_code: "US",
  }),
  entry("us-ny", {
    address_line_1: "350 Fifth Avenue",
    admin_area_2: "New York",
    admin_area_1: "NY",
    postal_code: "10118",
    country_code: "US",
  }),
  entry("us-or", {
    address_line_1: "1120 SW 5th Ave",
    admin_area_2: "Portland",
    admin_area_1: "OR",
    postal_code: "97204",
    country_code: "US",
  }),
  entry("ca-on", {
    address_line_1: "290 Bremner Blvd",
    admin_area_2: "Toronto",
    admin_area_1: "ON",
    postal_code: "M5V 3L9",
    country_code: "CA",
  }),
  entry("de-be", {
    address_line_1: "Platz der Republik 1",
    admin_area_2: "Berlin",
    postal_code: "11011",
    country_code: "DE",
  }),
  entry("au-nsw", {
    address_line_1: "Bennelong Point",
    admin_area_2: "Sydney",
    admin_area_1: "NSW",
    postal_code: "2000",
    country_code: "AU",
  }),
];

export const DEFAULT_ADDRESS_ID = TEST_ADDRESSES[0]!.id;

export const findAddress = (id: unknown) => TEST_ADDRESSES.find((a) => a.id === id);

/** What the merchant's callback learns of the address before approval: PayPal keeps the name and street back. */
export function partialAddress({ address }: TestAddress) {
  return {
    country_code: address.country_code,
    ...(address.admin_area_1 && { admin_area_1: address.admin_area_1 }),
    admin_area_2: address.admin_area_2,
    postal_code: address.postal_code,
  };
}

/** The purchase unit's shipping name and address once the buyer approved: the buyer's own name on the address. */
export const shipTo = ({ address }: TestAddress, payer: Payer) => ({
  name: { full_name: `${payer.name.given_name} ${payer.name.surname}` },
  address: { ...address },
});
