// Where a buyer follows a parcel: each carrier's public tracking page for a tracking number. Another carrier has
// none we know; the buyer gets the number and the carrier's name.

export const carriers = ["USPS", "UPS", "FEDEX", "DHL", "CA_CANADA_POST", "ROYAL_MAIL", "AU_AU_POST", "OTHER"] as const;
export const carrierLabels: Record<(typeof carriers)[number], string> = {
  USPS: "USPS",
  UPS: "UPS",
  FEDEX: "FedEx",
  DHL: "DHL",
  CA_CANADA_POST: "Canada Post",
  ROYAL_MAIL: "Royal Mail",
  AU_AU_POST: "Australia Post",
  OTHER: "Other carrier",
};

/** A carrier as the seller and buyer read it: ours by label, another by the name the seller typed. */
export function carrierName(carrier: string) {
  return carrier in carrierLabels ? carrierLabels[carrier as keyof typeof carrierLabels] : carrier;
}

const pages: Record<string, (number: string) => string> = {
  USPS: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  UPS: (n) => `https://www.ups.com/track?tracknum=${n}`,
  FEDEX: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  DHL: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  CA_CANADA_POST: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  ROYAL_MAIL: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  AU_AU_POST: (n) => `https://auspost.com.au/mypost/track/details/${n}`,
};

export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const page = pages[carrier];
  return page ? page(encodeURIComponent(trackingNumber.replace(/\s+/g, ""))) : null;
}
