import { Badge, type BadgeTone } from "~/components/ui/badge";
import { roleLabels, type SaasRoleName } from "~/schemas/staff";

const tones: Record<SaasRoleName, BadgeTone> = { super_admin: "red", admin: "blue", operator: "gray" };

export function RoleBadge({ role }: { role: SaasRoleName }) {
  return <Badge tone={tones[role]}>{roleLabels[role]}</Badge>;
}

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return <Badge tone={isActive ? "green" : "gray"}>{isActive ? "Active" : "Inactive"}</Badge>;
}
