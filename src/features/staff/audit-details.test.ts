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
});
