import { describe, expect, it } from "vitest";
import { changeLabel } from "./change-label";

const change = { fromPlan: null, toPlan: null };

describe("changeLabel", () => {
  it("says what was done and who did it", () => {
    expect(changeLabel({ ...change, action: "cancel", source: "portal" })).toBe("Cancelled from the portal");
    expect(changeLabel({ ...change, action: "pause", source: "portal" })).toBe("Paused from the portal");
    expect(changeLabel({ ...change, action: "resume", source: "portal" })).toBe("Resumed from the portal");
    expect(changeLabel({ ...change, action: "cancel", source: "seller" })).toBe("Cancelled by you");
  });

  it("names both plans of a switch, and says 'another plan' for one it cannot name", () => {
    expect(changeLabel({ action: "change_plan", source: "portal", fromPlan: "Basic", toPlan: "Pro" })).toBe(
      "Switched plan from the portal (Basic -> Pro)",
    );
    expect(changeLabel({ action: "change_plan", source: "portal", fromPlan: null, toPlan: "Pro" })).toBe(
      "Switched plan from the portal (another plan -> Pro)",
    );
    expect(changeLabel({ ...change, action: "change_plan", source: "portal" })).toBe("Switched plan from the portal");
  });
});
