import type { SaasRoleName } from "~/schemas/staff";

const rank: Record<SaasRoleName, number> = { operator: 0, admin: 1, super_admin: 2 };

export function hasStaffRole(role: SaasRoleName, minRole: SaasRoleName): boolean {
  return rank[role] >= rank[minRole];
}
