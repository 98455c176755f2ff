import { describe, expect, it } from "vitest";
import { resolveDateRange } from "~/lib/date-range";

const now = new Date("2026-11-24T03:00:00Z");

describe("resolveDateRange", () => {
  it("is all time without a range or with an unknown one", () => {
    expect(resolveDateRange({}, "UTC", now)).toEqual({});
    expect(resolveDateRange({ range: "forever" }, "UTC", now)).toEqual({});
  });

  it("counts presets in whole days of the store's time zone, today included", () => {
    expect(resolveDateRange({ range: "7d" }, "UTC", now)).toEqual({
      from: new Date("2026-11-18T00:00:00Z"),
      to: new Date("2026-11-25T00:00:00Z"),
    });
    // 03:00 UTC is already 08:30 on the 24th in Kolkata.
    expect(resolveDateRange({ range: "today" }, "Asia/Kolkata", now)).toEqual({
      from: new Date("2026-11-23T18:30:00Z"),
      to: new Date("2026-11-24T18:30:00Z"),
    });
    expect(resolveDateRange({ range: "mtd" }, "UTC", now).from).toEqual(new Date("2026-11-01T00:00:00Z"));
  });

  it("takes a custom range's two days whole, swaps a reversed one and ignores malformed days", () => {
    const expected = { from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-11-11T00:00:00Z") };
    expect(resolveDateRange({ range: "custom", from: "2026-11-01", to: "2026-11-10" }, "UTC", now)).toEqual(expected);
    expect(resolveDateRange({ range: "custom", from: "2026-11-10", to: "2026-11-01" }, "UTC", now)).toEqual(expected);
    expect(resolveDateRange({ range: "custom", from: "2026-02-30", to: "x" }, "UTC", now)).toEqual({});
    expect(resolveDateRange({ range: "custom", from: "2026-11-05" }, "UTC", now)).toEqual({
      from: new Date("2026-11-05T00:00:00Z"),
    });
  });
});
