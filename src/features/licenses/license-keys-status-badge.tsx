import { Badge, type BadgeTone } from "~/components/ui/badge";
import { licenseKeyStatusLabels, type LicenseKeyStatusName } from "~/schemas/licenses";

// Working keys green (activated) or blue (not yet); a key that stopped working red (disabled) or yellow (expired).
const tones: Record<LicenseKeyStatusName, BadgeTone> = {
  active: "green",
  inactive: "blue",
  expired: "yellow",
  disabled: "red",
};

/** A key's status; a key a full refund disabled says so. */
export function LicenseKeyStatusBadge({
  status,
  disabledBy,
}: {
  status: LicenseKeyStatusName;
  disabledBy?: string | null;
}) {
  const label =
    status === "disabled" && disabledBy === "refund" ? "Disabled (refunded)" : licenseKeyStatusLabels[status];
  return <Badge tone={tones[status]}>{label}</Badge>;
}
