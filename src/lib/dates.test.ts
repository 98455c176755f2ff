import { describe, expect, it } from "vitest";
import { calendarDate, formatDateTime, startOfDayIn } from "~/lib/dates";

describe("formatDateTime", () => {
  const instant = new Date("2026-11-24T03:39:42Z");

  it("prints one format in the given time zone", () => {
    expect(formatDateTime(instant, "UTC")).toBe("Nov 24, 2026, 3:39 AM");
    expect(formatDateTime(instant, "Asia/Kolkata")).toBe("Nov 24, 2026, 9:09 AM");
    expect(formatDateTime(instant, "America/Los_Angeles", "date")).toBe("Nov 23, 2026");
  });

  it("falls back to UTC for an unknown zone instead of throwing", () => {
    expect(formatDateTime(instant, "Mars/Olympus")).toBe("Nov 24, 2026, 3:39 AM");
  });
});

describe("calendar days in a time zone", () => {
  it("reads the wall-calendar day", () => {
    expect(calendarDate(new Date("2026-11-23T20:00:00Z"), "Asia/Kolkata")).toBe("2026-11-24");
    expect(calendarDate(new Date("2026-11-23T20:00:00Z"), "UTC")).toBe("2026-11-23");
  });

  it("finds when a day starts, across half-hour offsets and DST changes", () => {
    expect(startOfDayIn("2026-11-24", "UTC").toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(startOfDayIn("2026-11-24", "Asia/Kolkata").toISOString()).toBe("2026-11-23T18:30:00.000Z");
    // 2026-03-08 is the US spring-forward day: midnight is still PST (UTC-8).
    expect(startOfDayIn("2026-03-08", "America/Los_Angeles").toISOString()).toBe("2026-03-08T08:00:00.000Z");
    expect(startOfDayIn("2026-03-09", "America/Los_Angeles").toISOString()).toBe("2026-03-09T07:00:00.000Z");
  });
});
