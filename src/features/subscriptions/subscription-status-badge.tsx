import { Badge, type BadgeTone } from "~/components/ui/badge";
import type { subscriptionStatuses } from "~/schemas/subscriptions";

type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  active: "Active",
  approval_pending: "Awaiting approval",
  suspended: "Suspended",
  cancelled: "Cancelled",
  expired: "Expired",
};

const tones: Record<string, BadgeTone> = { active: "green", approval_pending: "yellow", suspended: "yellow" };

export function SubscriptionStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={tones[status] ?? "gray"}>{subscriptionStatusLabels[status as SubscriptionStatus] ?? status}</Badge>
  );
}
