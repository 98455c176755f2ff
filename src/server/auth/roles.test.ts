import { describe, expect, it } from "vitest";
import {
  canManage,
  createProblem,
  creatableRoles,
  deleteProblem,
  hasStaffRole,
  merchantSuspensionProblem,
  passwordResetProblem,
  ruleMessages,
  updateProblem,
} from "~/server/auth/roles";

const boss = { id: "boss", role: "super_admin" as const };
const admin = { id: "admin", role: "admin" as const };
const operator = { id: "op", role: "operator" as const };
const user = (id: string, role: "operator" | "admin" | "super_admin", createdById: string | null = null) => ({
  id,
  role,
  createdById,
  isActive: true,
});

describe("staff role rules", () => {
  it("ranks roles for procedure tiers", () => {
    expect(hasStaffRole("super_admin", "admin")).toBe(true);
    expect(hasStaffRole("admin", "admin")).toBe(true);
    expect(hasStaffRole("operator", "admin")).toBe(false);
  });

  it("lets super_admin and admin suspend or resume merchants; operators only read", () => {
    expect(merchantSuspensionProblem("super_admin")).toBeNull();
    expect(merchantSuspensionProblem("admin")).toBeNull();
    expect(merchantSuspensionProblem("operator")).toBe(ruleMessages.readOnly);
  });

  it("offers super_admin every role, admin operator only, operator nothing", () => {
    expect(creatableRoles("super_admin")).toEqual(["operator", "admin", "super_admin"]);
    expect(creatableRoles("admin")).toEqual(["operator"]);
    expect(creatableRoles("operator")).toEqual([]);
  });

  it("says 'Admins can only create operator users' for an admin creating anything else", () => {
    expect(createProblem("admin", "operator")).toBeNull();
    expect(createProblem("admin", "admin")).toBe("Admins can only create operator users");
    expect(createProblem("admin", "super_admin")).toBe("Admins can only create operator users");
    expect(createProblem("super_admin", "super_admin")).toBeNull();
    expect(createProblem("operator", "operator")).toBe(ruleMessages.readOnly);
  });

  it("lets admins manage only operators they created; super_admin anyone; operator nobody", () => {
    expect(canManage(admin, user("a", "operator", "admin"))).toBe(true);
    expect(canManage(admin, user("b", "operator", "someone-else"))).toBe(false);
    expect(canManage(admin, user("c", "admin", "admin"))).toBe(false);
    expect(canManage(admin, user("d", "super_admin"))).toBe(false);
    expect(canManage(boss, user("e", "super_admin"))).toBe(true);
    expect(canManage(operator, user("f", "operator", "op"))).toBe(false);
    expect(passwordResetProblem(admin, user("g", "operator"))).toBe(ruleMessages.adminManagesOwnOperatorsOnly);
  });

  it("keeps admins from promoting their operators", () => {
    const mine = user("a", "operator", "admin");
    expect(updateProblem(admin, mine, { role: "operator", isActive: false }, 1)).toBeNull();
    expect(updateProblem(admin, mine, { role: "admin", isActive: true }, 1)).toBe(
      ruleMessages.adminAssignsOperatorOnly,
    );
  });

  it("refuses self-disable and self-delete", () => {
    const me = user("boss", "super_admin");
    expect(updateProblem(boss, me, { role: "super_admin", isActive: false }, 3)).toBe(ruleMessages.selfDisable);
    expect(deleteProblem(boss, me, 3)).toBe(ruleMessages.selfDelete);
  });

  it("never removes the last active super admin", () => {
    const other = user("other", "super_admin");
    expect(updateProblem(boss, other, { role: "admin", isActive: true }, 1)).toBe(ruleMessages.lastSuperAdminDemote);
    expect(updateProblem(boss, other, { role: "super_admin", isActive: false }, 1)).toBe(
      ruleMessages.lastSuperAdminDisable,
    );
    expect(deleteProblem(boss, other, 1)).toBe(ruleMessages.lastSuperAdminDelete);
    expect(updateProblem(boss, other, { role: "admin", isActive: false }, 2)).toBeNull();
    expect(deleteProblem(boss, other, 2)).toBeNull();
    // A disabled super admin is not one of the active ones the guard protects.
    expect(deleteProblem(boss, { ...other, isActive: false }, 1)).toBeNull();
  });
});
