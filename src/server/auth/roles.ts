import type { SaasRoleName } from "~/schemas/staff";

// As pure functions: the service asks these, the UI shows what they allow, and the unit
// test pins them down. Nothing here reads the database; callers pass the facts in.

const rank: Record<SaasRoleName, number> = { operator: 0, admin: 1, super_admin: 2 };

export function hasStaffRole(role: SaasRoleName, minRole: SaasRoleName): boolean {
  return rank[role] >= rank[minRole];
}

export type StaffActor = { id: string; role: SaasRoleName };
export type StaffTarget = { id: string; role: SaasRoleName; createdById: string | null };

export const ruleMessages = {
  adminCreatesOperatorsOnly: "Admins can only create operator users",
  adminAssignsOperatorOnly: "Admins can only assign the operator role",
  adminManagesOwnOperatorsOnly: "Admins can only manage operator users they created",
  readOnly: "You do not have permission to do this.",
  selfDisable: "You cannot disable your own account",
  selfDelete: "You cannot delete your own account",
  lastSuperAdminDemote: "You cannot change the role of the last active super admin",
  lastSuperAdminDisable: "You cannot disable the last active super admin",
  lastSuperAdminDelete: "You cannot delete the last active super admin",
} as const;

/** The roles a staff member may give a new account (a super_admin all three, everyone else operator). */
export function creatableRoles(actorRole: SaasRoleName): SaasRoleName[] {
  if (actorRole === "super_admin") return ["operator", "admin", "super_admin"];
  if (actorRole === "admin") return ["operator"];
  return [];
}

/** Whether the actor may create an account with `role`; the message says why not. */
export function createProblem(actorRole: SaasRoleName, role: SaasRoleName): string | null {
  if (actorRole === "operator") return ruleMessages.readOnly;
  if (!creatableRoles(actorRole).includes(role)) return ruleMessages.adminCreatesOperatorsOnly;
  return null;
}

/** Suspending or resuming a merchant: super_admin and admin act, operators only read. */
export function merchantSuspensionProblem(actorRole: SaasRoleName): string | null {
  return hasStaffRole(actorRole, "admin") ? null : ruleMessages.readOnly;
}

/** Edit, reset the password of, or delete `target`: super_admin anyone, admin only the operators it created. */
export function canManage(actor: StaffActor, target: StaffTarget): boolean {
  if (actor.role === "super_admin") return true;
  if (actor.role === "admin") return target.role === "operator" && target.createdById === actor.id;
  return false;
}

function manageProblem(actor: StaffActor, target: StaffTarget): string | null {
  if (actor.role === "operator") return ruleMessages.readOnly;
  return canManage(actor, target) ? null : ruleMessages.adminManagesOwnOperatorsOnly;
}

export type StaffChange = { role: SaasRoleName; isActive: boolean };

/**
 * Whether the actor may change `target` to `next` (role and active flag; other fields need only `canManage`).
 * `activeSuperAdmins` is how many active super admins exist now, the target included when it is one.
 */
export function updateProblem(
  actor: StaffActor,
  target: StaffTarget & { isActive: boolean },
  next: StaffChange,
  activeSuperAdmins: number,
): string | null {
  const denied = manageProblem(actor, target);
  if (denied) return denied;
  if (next.role !== target.role && !creatableRoles(actor.role).includes(next.role)) {
    return ruleMessages.adminAssignsOperatorOnly;
  }
  if (actor.id === target.id && target.isActive && !next.isActive) return ruleMessages.selfDisable;
  const losesSuperAdmin = target.role === "super_admin" && target.isActive;
  if (losesSuperAdmin && activeSuperAdmins <= 1) {
    if (next.role !== "super_admin") return ruleMessages.lastSuperAdminDemote;
    if (!next.isActive) return ruleMessages.lastSuperAdminDisable;
  }
  return null;
}

export function passwordResetProblem(actor: StaffActor, target: StaffTarget): string | null {
  return manageProblem(actor, target);
}

export function deleteProblem(
  actor: StaffActor,
  target: StaffTarget & { isActive: boolean },
  activeSuperAdmins: number,
): string | null {
  const denied = manageProblem(actor, target);
  if (denied) return denied;
  if (actor.id === target.id) return ruleMessages.selfDelete;
  if (target.role === "super_admin" && target.isActive && activeSuperAdmins <= 1) {
    return ruleMessages.lastSuperAdminDelete;
  }
  return null;
}
