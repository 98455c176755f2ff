import { describe, expect, it } from "vitest";
import { formMessages } from "~/schemas/form-messages";
import {
  isValidTimeZone,
  setTimeZoneIfUnsetSchema,
  timeZoneNames,
  updateStoreSettingsSchema,
  type UpdateStoreSettingsInput,
} from "~/schemas/stores";

const valid: UpdateStoreSettingsInput = {
  storeName: "Ada's Patterns",
  description: "",
  websiteUrl: "",
  paypalClientId: "",
  paypalSecret: "",
  paypalEnvironment: "sandbox",
  paypalWebhookId: "",
};

const messages = formMessages(updateStoreSettingsSchema, valid);

describe("store settings time zone", () => {
  it("accepts IANA names of this runtime, UTC, and no zone at all (the saved one is kept)", () => {
    for (const timeZone of ["Asia/Kolkata", "America/New_York", "Europe/Berlin", "UTC", "America/Argentina/Salta"]) {
      expect(messages({ timeZone })).toEqual({});
    }
    expect(messages({})).toEqual({});
    expect(updateStoreSettingsSchema.parse({ ...valid, timeZone: " Asia/Tokyo " }).timeZone).toBe("Asia/Tokyo");
  });

  it("accepts the other spelling of a renamed zone, whichever one this runtime's ICU data lists", () => {
    // Node 20 lists Asia/Calcutta and Europe/Kiev; newer browsers report Asia/Kolkata and Europe/Kyiv.
    for (const timeZone of ["Asia/Kolkata", "Asia/Calcutta", "Europe/Kyiv", "Europe/Kiev"]) {
      expect(isValidTimeZone(timeZone)).toBe(true);
    }
  });

  it("says 'Choose a valid time zone' for anything else", () => {
    for (const timeZone of [
      "",
      "Mars/Olympus_Mons",
      "asia/kolkata",
      "EST",
      "GMT+5",
      "+05:30",
      "Asia",
      "x".repeat(101),
    ]) {
      expect(messages({ timeZone })).toEqual({ timeZone: "Choose a valid time zone" });
    }
    expect(setTimeZoneIfUnsetSchema.safeParse({ timeZone: "Nowhere/Land" }).error?.issues[0]?.message).toBe(
      "Choose a valid time zone",
    );
    expect(setTimeZoneIfUnsetSchema.safeParse({}).success).toBe(false);
  });

  it("offers a sorted list with UTC and every zone it accepts", () => {
    const names = timeZoneNames();
    expect(names).toContain("UTC");
    expect([...names]).toEqual([...names].sort());
    expect(names.every(isValidTimeZone)).toBe(true);
  });
});
