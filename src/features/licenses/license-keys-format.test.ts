import { describe, expect, it } from "vitest";
import { activationsText, expiryChangeOf, licenseEventLabel, licenseKeyHref, maskedKey } from "./license-keys-format";

describe("license key formats", () => {
  it("masks a key down to its last four characters", () => {
    expect(maskedKey("7K2M")).toBe("••••-7K2M");
  });

  it("reads activations against the limit", () => {
    expect(activationsText(1, 3)).toBe("1 of 3");
    expect(activationsText(1200, null)).toBe("1,200 of unlimited");
  });

  it("names history entries, unknown kinds as stored", () => {
    expect(licenseEventLabel("reset")).toBe("Activations reset");
    expect(licenseEventLabel("migrated")).toBe("Migrated");
  });

  it("reads an expiry entry's detail", () => {
    expect(expiryChangeOf("never")).toEqual({ kind: "never" });
    expect(expiryChangeOf("subscription")).toEqual({ kind: "subscription" });
    expect(expiryChangeOf("2027-03-01T12:00:00.000Z")).toEqual({
      kind: "date",
      at: new Date("2027-03-01T12:00:00.000Z"),
    });
    expect(expiryChangeOf("garbage")).toEqual({ kind: "never" });
  });

  it("links a key's page back to the filtered list it came from", () => {
    expect(licenseKeyHref("k1")).toBe("/dashboard/license-keys/k1");
    expect(licenseKeyHref("k1", "/dashboard/license-keys?status=active")).toBe(
      "/dashboard/license-keys/k1?back=%2Fdashboard%2Flicense-keys%3Fstatus%3Dactive",
    );
  });
});
