import type { BillingCycle, Plan, Subscription, SubscriptionBilling } from "./state";

/** The billing cycle to run next (trials first), or undefined once every finite cycle has run. */
export function currentCycle(plan: Plan, billing: SubscriptionBilling): number | undefined {
  const index = plan.billing_cycles.findIndex(
    (cycle, i) => cycle.total_cycles === 0 || billing.cyclesCompleted[i]! < cycle.total_cycles,
  );
  return index === -1 ? undefined : index;
}

/** `iso` plus one billing interval; a month from Jan 31 is the end of February, as on a calendar. */
export function addInterval(iso: string, frequency: BillingCycle["frequency"]): string {
  const date = new Date(iso);
  const { interval_unit: unit, interval_count: count } = frequency;
  if (unit === "DAY" || unit === "WEEK") {
    date.setUTCDate(date.getUTCDate() + count * (unit === "WEEK" ? 7 : 1));
  } else {
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + count * (unit === "YEAR" ? 12 : 1));
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, lastDay));
  }
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** billing_info as Subscriptions v1 shows it. */
export function billingInfo(plan: Plan, sub: Subscription) {
  const billing = sub.billing!;
  return {
    outstanding_balance: billing.outstanding_balance,
    cycle_executions: plan.billing_cycles.map((cycle, i) => {
      const completed = billing.cyclesCompleted[i] ?? 0;
      return {
        tenure_type: cycle.tenure_type,
        sequence: cycle.sequence,
        cycles_completed: completed,
        // PayPal shows 0 remaining for a cycle that repeats until cancelled.
        cycles_remaining: cycle.total_cycles === 0 ? 0 : cycle.total_cycles - completed,
        ...(cycle.pricing_scheme && { current_pricing_scheme_version: cycle.pricing_scheme.version }),
        total_cycles: cycle.total_cycles,
      };
    }),
    ...(billing.last_payment && { last_payment: billing.last_payment }),
    ...(billing.next_billing_time && { next_billing_time: billing.next_billing_time }),
    failed_payments_count: billing.failed_payments_count,
    ...(billing.last_failed_payment && { last_failed_payment: billing.last_failed_payment }),
  };
}
