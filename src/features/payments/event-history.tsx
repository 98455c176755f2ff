import { Badge, type BadgeTone } from "~/components/ui/badge";
import { DateTime } from "~/components/ui/date-time";

// The PayPal webhook events of a payment or a subscription (every event that touched it is shown), in
// the order they arrived. The type is PayPal's own name, which sellers can look up; the label says it in words.

const typeLabels: Record<string, string> = {
  "PAYMENT.CAPTURE.COMPLETED": "Payment captured",
  "PAYMENT.CAPTURE.PENDING": "Payment pending",
  "PAYMENT.CAPTURE.DENIED": "Payment denied",
  "PAYMENT.CAPTURE.DECLINED": "Payment declined",
  "PAYMENT.CAPTURE.REFUNDED": "Refunded",
  "PAYMENT.CAPTURE.REVERSED": "Reversed by PayPal",
  "PAYMENT.SALE.COMPLETED": "Subscription payment",
  "PAYMENT.SALE.PENDING": "Subscription payment pending",
  "PAYMENT.SALE.DENIED": "Subscription payment denied",
  "PAYMENT.SALE.REFUNDED": "Subscription payment refunded",
  "PAYMENT.SALE.REVERSED": "Subscription payment reversed",
  "BILLING.SUBSCRIPTION.CREATED": "Subscription created",
  "BILLING.SUBSCRIPTION.ACTIVATED": "Subscription activated",
  "BILLING.SUBSCRIPTION.UPDATED": "Subscription updated",
  "BILLING.SUBSCRIPTION.RE-ACTIVATED": "Subscription reactivated",
  "BILLING.SUBSCRIPTION.SUSPENDED": "Subscription suspended",
  "BILLING.SUBSCRIPTION.CANCELLED": "Subscription cancelled",
  "BILLING.SUBSCRIPTION.EXPIRED": "Subscription expired",
  "BILLING.SUBSCRIPTION.PAYMENT.FAILED": "Subscription payment failed",
  "CUSTOMER.DISPUTE.CREATED": "Dispute opened",
  "CUSTOMER.DISPUTE.RESOLVED": "Dispute resolved",
};

const states: Record<string, { label: string; tone: BadgeTone }> = {
  received: { label: "Waiting", tone: "yellow" },
  processed: { label: "Processed", tone: "green" },
  ignored: { label: "Ignored", tone: "gray" },
  failed: { label: "Failed", tone: "red" },
};

export type HistoryEvent = { id: string; type: string; state: string; outcome: string | null; receivedAt: Date };

export function EventHistory({ events, empty }: { events: HistoryEvent[]; empty: string }) {
  if (events.length === 0) return <p className="py-4 text-sm text-gray-600">{empty}</p>;
  return (
    <ol className="divide-y divide-gray-100">
      {events.map((event) => {
        const state = states[event.state] ?? { label: event.state, tone: "gray" as const };
        return (
          <li key={event.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-gray-900">{typeLabels[event.type] ?? event.type}</p>
              <p className="font-mono text-xs break-all text-gray-600">{event.type}</p>
              {event.outcome && <p className="mt-1 text-gray-700">{event.outcome}</p>}
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1 text-right">
              <Badge tone={state.tone}>{state.label}</Badge>
              <span className="text-xs text-gray-600">
                <DateTime value={event.receivedAt} />
              </span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
