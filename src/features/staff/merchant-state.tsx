import { Badge } from "~/components/ui/badge";

/** Whether buyers can pay a merchant: suspended by staff, or active. */
export function MerchantStateBadge({ suspendedAt }: { suspendedAt: Date | null }) {
  return suspendedAt ? <Badge tone="red">Suspended</Badge> : <Badge tone="green">Active</Badge>;
}
