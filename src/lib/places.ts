import { getCodes } from "country-list";

// Where buyers are: ISO 3166-1 countries (country-list's codes, the names from the runtime's Intl data, which
// reads "United States" rather than the standard's "United States of America (the)"), and the US states and
// Canadian provinces that shipping zones and sales tax name as "US-CA" or "CA-ON".

export const COUNTRY_CODES: ReadonlySet<string> = new Set(getCodes());

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

export const US_STATES: Readonly<Record<string, string>> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  PR: "Puerto Rico",
};

export const CA_PROVINCES: Readonly<Record<string, string>> = {
  AB: "Alberta",
  BC: "British Columbia",
  MB: "Manitoba",
  NB: "New Brunswick",
  NL: "Newfoundland and Labrador",
  NS: "Nova Scotia",
  NT: "Northwest Territories",
  NU: "Nunavut",
  ON: "Ontario",
  PE: "Prince Edward Island",
  QC: "Quebec",
  SK: "Saskatchewan",
  YT: "Yukon",
};

const SUBDIVISIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = { US: US_STATES, CA: CA_PROVINCES };

/** A place a zone or tax rate names: "DE" (a whole country) or "US-CA" (a US state or Canadian province). */
export function isPlaceCode(code: string): boolean {
  const [country = "", region, extra] = code.split("-");
  if (extra !== undefined || !COUNTRY_CODES.has(country)) return false;
  return region === undefined || SUBDIVISIONS[country]?.[region] !== undefined;
}

export function placeName(code: string): string {
  const [country = "", region] = code.split("-");
  const countryName = countryNames.of(country) ?? country;
  return region ? `${SUBDIVISIONS[country]?.[region] ?? region}, ${countryName}` : countryName;
}

/**
 * The place codes of an address as PayPal gives it: its country and, for the US and Canada, its state or province
 * (PayPal sends the two-letter code; a full name such as "California" is read too).
 */
export function placeOf(address: { countryCode: string; region: string | null }): {
  country: string;
  region: string | null;
} {
  const country = address.countryCode.toUpperCase();
  const names = SUBDIVISIONS[country];
  const text = address.region?.trim() ?? "";
  if (!names || text === "") return { country, region: null };
  const upper = text.toUpperCase();
  if (names[upper]) return { country, region: `${country}-${upper}` };
  const byName = Object.entries(names).find(([, name]) => name.toUpperCase() === upper);
  return { country, region: byName ? `${country}-${byName[0]}` : null };
}
