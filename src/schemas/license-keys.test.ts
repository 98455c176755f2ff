import { describe, expect, it } from "vitest";
import { licenseKeyMessages, listLicenseKeysSchema, setLicenseExpirySchema } from "./licenses";

// The seller's License keys screen: its list's filters and "Change expiry" (licenses.test.ts covers the policy).

describe("setLicenseExpirySchema", () => {
  const at = new Date("2027-03-01T12:00:00Z");

  it("takes never, a date, or the subscription, and keeps a date only for a date", () => {
    expect(setLicenseExpirySchema.parse({ id: "k1", expiry: "date", expiresAt: at })).toEqual({
      id: "k1",
      expiry: "date",
      expiresAt: at,
    });
    expect(setLicenseExpirySchema.parse({ id: "k1", expiry: "never", expiresAt: at }).expiresAt).toBeNull();
    expect(setLicenseExpirySchema.parse({ id: "k1", expiry: "subscription", expiresAt: null }).expiresAt).toBeNull();
  });

  it("asks for a valid date, with a four-digit year", () => {
    for (const expiresAt of [null, new Date(Number.NaN), new Date("+275760-01-01T00:00:00Z")]) {
      const result = setLicenseExpirySchema.safeParse({ id: "k1", expiry: "date", expiresAt });
      expect(result.error?.issues[0]).toMatchObject({ path: ["expiresAt"], message: licenseKeyMessages.expiryDate });
    }
  });
});

describe("listLicenseKeysSchema", () => {
  it("defaults to the first page of everything and trims the search", () => {
    expect(listLicenseKeysSchema.parse({ q: "  APP-1234  " })).toEqual({ q: "APP-1234", page: 1 });
  });

  it("refuses an unknown status and an overlong search", () => {
    expect(listLicenseKeysSchema.safeParse({ status: "lost" }).success).toBe(false);
    expect(listLicenseKeysSchema.safeParse({ q: "x".repeat(201) }).error?.issues[0]?.message).toBe(
      "Search must be at most 200 characters",
    );
  });
});
