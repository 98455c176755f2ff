import { describe, expect, it } from "vitest";
import { auditActionLabel, describeAuditDetails } from "~/features/staff/audit-details";

describe("audit details", () => {
  it("describes each kind of entry in one line", () => {
    expect(auditActionLabel("user.role_change")).toBe("Changed role");
    expect(auditActionLabel("something.new")).toBe("something.new");
    expect(describeAuditDetails({ username: "ops", from: "operator", to: "admin" })).toBe("@ops · operator → admin");
    expect(
      describeAuditDetails({
        username: "ops",
        changes: { name: { from: "A", to: "B" }, description: { from: null, to: "x" } },
      }),
    ).toBe("@ops · name: A → B · description: (empty) → x");
    expect(describeAuditDetails({ filters: { merchant: "m1", pop: "", status: "failed" } })).toBe(
      "merchant=m1, status=failed",
    );
    expect(describeAuditDetails({ filters: { merchant: "", pop: "" } })).toBe("no filters");
    expect(auditActionLabel("merchant.suspend")).toBe("Suspended merchant");
    expect(describeAuditDetails({ name: "Sock Shop", email: "socks@example.test" })).toBe(
      "Sock Shop (socks@example.test)",
    );
    expect(describeAuditDetails(null)).toBe("");
  });

  it("describes plan changes", () => {
    expect(auditActionLabel("plan.set_default")).toBe("Made plan the default");
    expect(
      describeAuditDetails({
        name: "Pro",
        description: null,
        price: "$29/month",
        limit: "Unlimited payments",
        fee: "1%",
      }),
    ).toBe("Pro · $29/month · Unlimited payments · 1%");
    expect(
      describeAuditDetails({ name: "Pro", price: "$29/month", limit: "x", fee: "1%", movedStores: 2, movedTo: "Free" }),
    ).toBe("Pro · $29/month · x · 1% · 2 store(s) moved to Free");
    expect(describeAuditDetails({ name: "Pro", changes: { price: { from: "$29/month", to: "$49/month" } } })).toBe(
      "Pro · price: $29/month → $49/month",
    );
    expect(
      describeAuditDetails({ name: "Sock Shop", email: "s@example.test", from: "Default plan (Free)", to: "Pro" }),
    ).toBe("Sock Shop (s@example.test) · Default plan (Free) → Pro");
  });
});
