import { Badge, type BadgeTone } from "~/components/ui/badge";
import { transactionStatusLabels } from "~/schemas/payments";

// Completed green, pending yellow, failed red, cancelled grey; anything else grey. A partial refund is
// money that partly stayed: blue, apart from both.
const tones: Record<string, BadgeTone> = {
  completed: "green",
  pending: "yellow",
  failed: "red",
  partially_refunded: "blue",
};

export function TransactionStatusBadge({ status }: { status: string }) {
  const label =
    transactionStatusLabels[status as keyof typeof transactionStatusLabels] ??
    status.charAt(0).toUpperCase() + status.slice(1);
  return <Badge tone={tones[status] ?? "gray"}>{label}</Badge>;
}
