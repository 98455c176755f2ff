import { createHmac } from "node:crypto";
import type { Payer } from "./state";

/** What happens when the merchant captures (or, for WPS, when the buyer pays) after this buyer approved. */
export type BuyerOutcome = "COMPLETED" | "INSTRUMENT_DECLINED" | "DECLINED" | "PENDING";

export interface TestBuyer {
  id: string;
  label: string;
  outcome: BuyerOutcome;
  payer: Payer;
}

const buyer = (id: string, label: string, outcome: BuyerOutcome, payerId: string, given: string, surname: string) => ({
  id,
  label,
  outcome,
  payer: {
    payer_id: payerId,
    email_address: `${given.toLowerCase()}.${surname.toLowerCase()}@buyer.example.com`,
    name: { given_name: given, surname },
    address: { country_code: "US" },
  },
});

/** The personas the buyer window offers; tests pick them by id. */
export const TEST_BUYERS: readonly TestBuyer[] = [
  buyer("alex", "Alex Buyer — approves", "COMPLETED", "ALEXBUY3R7Q2L", "Alex", "Buyer"),
  buyer(
    "declined-card",
    "Dana Card — declined card (INSTRUMENT_DECLINED)",
    "INSTRUMENT_DECLINED",
    "DANAC4RD9XK3M",
    "Dana",
    "Card",
  ),
  buyer(
    "capture-declined",
    "Casey Decline — capture comes back DECLINED",
    "DECLINED",
    "CASEYD3C5W8PN",
    "Casey",
    "Decline",
  ),
  buyer("pending", "Pat Pending — capture comes back PENDING", "PENDING", "PATP3ND6V2RHT", "Pat", "Pending"),
];

export const findBuyer = (id: unknown) => TEST_BUYERS.find((b) => b.id === id);

const hmac = (purpose: string, value: string) =>
  createHmac("sha256", "popkit-paypal-sandbox").update(`${purpose}:${value}`).digest();

const alnum = (bytes: Buffer, length: number) =>
  [...bytes]
    .map((b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[b % 36])
    .join("")
    .slice(0, length);

/** The REST secret the sandbox accepts for a client id that has no registered secret. */
export function sandboxSecretFor(clientId: string): string {
  return `SB-${hmac("secret", clientId).toString("base64url")}`;
}

/** What a client of the sandbox (the seed, tests, the fault runs) does first: an OAuth token for `clientId`. */
export async function sandboxAccessToken(apiBase: string, clientId: string): Promise<string> {
  const basic = Buffer.from(`${clientId}:${sandboxSecretFor(clientId)}`).toString("base64");
  const response = await fetch(`${apiBase}/v1/oauth2/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The PDT identity token of a WPS merchant (the `business` field: e-mail or merchant id). */
export function sandboxPdtTokenFor(business: string): string {
  return `PDT-${hmac("pdt", business.trim().toLowerCase()).toString("base64url")}`;
}

/** The merchant account behind a REST client id or a WPS `business` (e-mail or merchant id), stable across restarts. */
export function merchantFor(key: string): { email_address: string; merchant_id: string } {
  const derivedId = alnum(hmac("merchant", key.trim().toLowerCase()), 13);
  if (key.includes("@")) return { email_address: key, merchant_id: derivedId };
  const merchantId = /^[A-Z0-9]{13}$/.test(key) ? key : derivedId;
  return { email_address: `merchant-${merchantId.toLowerCase()}@business.example.com`, merchant_id: merchantId };
}
