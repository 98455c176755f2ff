import { describe, expect, it } from "vitest";
import { generateKey } from "./key-format";

describe("generateKey", () => {
  it("groups 28 base32 characters in sevens of four after the prefix", () => {
    expect(generateKey("APP-")).toMatch(/^APP-([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it("never repeats and uses the whole alphabet", () => {
    const keys = Array.from({ length: 2000 }, () => generateKey(""));
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(keys.join("").replaceAll("-", "")).size).toBe(32);
  });
});
