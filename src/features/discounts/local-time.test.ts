import { describe, expect, it } from "vitest";
import { fromLocalInput, toLocalInput } from "~/features/discounts/local-time";

describe("datetime-local in the store's time zone", () => {
  it("reads and writes wall-clock time in the zone, not the browser's", () => {
    expect(fromLocalInput("2026-12-01T09:30", "America/New_York")).toEqual(new Date("2026-12-01T14:30:00Z"));
    expect(fromLocalInput("2026-07-01T09:30", "America/New_York")).toEqual(new Date("2026-07-01T13:30:00Z"));
    expect(fromLocalInput("2026-12-01T09:30", "UTC")).toEqual(new Date("2026-12-01T09:30:00Z"));
    expect(toLocalInput(new Date("2026-12-01T14:30:00Z"), "America/New_York")).toBe("2026-12-01T09:30");
    expect(toLocalInput(new Date("2026-12-31T23:30:00Z"), "Asia/Tokyo")).toBe("2027-01-01T08:30");
  });

  it("honours a daylight-saving change on the day", () => {
    // New York moved to UTC-4 at 02:00 on 8 March 2026.
    expect(fromLocalInput("2026-03-08T01:30", "America/New_York")).toEqual(new Date("2026-03-08T06:30:00Z"));
    expect(fromLocalInput("2026-03-08T03:30", "America/New_York")).toEqual(new Date("2026-03-08T07:30:00Z"));
    const midnight = new Date("2026-03-08T05:00:00Z");
    expect(fromLocalInput(toLocalInput(midnight, "America/New_York"), "America/New_York")).toEqual(midnight);
  });

  it("takes nothing from an empty or incomplete input", () => {
    expect(fromLocalInput("", "UTC")).toBeNull();
    expect(fromLocalInput("2026-12-01", "UTC")).toBeNull();
    expect(toLocalInput(null, "UTC")).toBe("");
  });
});
