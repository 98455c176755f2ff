import { Badge, type BadgeTone } from "~/components/ui/badge";

// SPEC 4: completed green, pending yellow, failed red, cancelled grey; anything else grey.
const tones: Record<string, BadgeTone> = { completed: "green", pending: "yellow", failed: "red" };

export function TransactionStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status] ?? "gray"}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}
