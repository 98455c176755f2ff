import { describe, expect, it } from "vitest";
import { keysOfImport, licensePolicySchema } from "./licenses";

describe("keysOfImport", () => {
  it("takes one key per line, counting blank lines, repeats and unusable keys apart", () => {
    expect(keysOfImport("AAAA-1111\n\nBBBB-2222\r\nAAAA-1111\nshort\n  CCCC-3333  \n")).toEqual({
      keys: ["AAAA-1111", "BBBB-2222", "CCCC-3333"],
      blank: 1,
      repeated: 1,
      invalid: 1,
    });
  });

  it("reads a CSV's first column and skips its header", () => {
    expect(keysOfImport('license_key,note\n"AAAA-1111",first\nBBBB-2222,second')).toMatchObject({
      keys: ["AAAA-1111", "BBBB-2222"],
      blank: 0,
    });
  });

  it("refuses keys with spaces inside or control characters", () => {
    expect(keysOfImport("AAAA 1111\nBBBB\u00002222")).toMatchObject({ keys: [], invalid: 2 });
  });
});

describe("licensePolicySchema", () => {
  const base = { buttonId: "b1", enabled: true, activationLimit: 1, expiry: "never", expiryDays: null, keyPrefix: "" };

  it("asks for the days when keys expire after some days", () => {
    const result = licensePolicySchema.safeParse({ ...base, expiry: "days" });
    expect(result.error?.issues[0]).toMatchObject({ path: ["expiryDays"] });
    expect(licensePolicySchema.safeParse({ ...base, expiry: "days", expiryDays: 365 }).success).toBe(true);
  });

  it("refuses a prefix with other characters and a limit out of range", () => {
    expect(licensePolicySchema.safeParse({ ...base, keyPrefix: "APP KEY" }).success).toBe(false);
    expect(licensePolicySchema.safeParse({ ...base, activationLimit: 0 }).success).toBe(false);
    expect(licensePolicySchema.safeParse({ ...base, activationLimit: null }).success).toBe(true);
  });
});
