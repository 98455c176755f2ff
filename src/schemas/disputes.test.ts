import { describe, expect, it } from "vitest";
import { daysUntil, deadlineText, disputeReasonLabels, labelOf } from "~/schemas/disputes";

describe("dispute deadlines and labels", () => {
  const now = new Date("2026-11-29T12:00:00Z");
  it("counts whole days left, rounding up, and negative days once passed", () => {
    expect(daysUntil(new Date("2026-11-29T14:00:00Z"), now)).toBe(1);
    expect(daysUntil(new Date("2026-12-09T12:00:00Z"), now)).toBe(10);
    expect(daysUntil(now, now)).toBe(0);
    expect(daysUntil(new Date("2026-11-28T11:00:00Z"), now)).toBe(-2);
  });

  it("words the deadline", () => {
    expect([-1, 0, 1, 3].map(deadlineText)).toEqual(["Deadline passed", "Due now", "1 day left", "3 days left"]);
  });

  it("labels PayPal's words it knows and shows new ones readably", () => {
    expect(labelOf(disputeReasonLabels, "MERCHANDISE_OR_SERVICE_NOT_RECEIVED")).toBe("Not received");
    expect(labelOf(disputeReasonLabels, "SOMETHING_NEW")).toBe("Something new");
  });
});
