type Change = {
  action: "cancel" | "pause" | "resume" | "change_plan";
  source: "portal" | "seller";
  fromPlan: string | null;
  toPlan: string | null;
};

const verbs: Record<Change["action"], string> = {
  cancel: "Cancelled",
  pause: "Paused",
  resume: "Resumed",
  change_plan: "Switched plan",
};

/**
 * A subscription change as the Subscribers list says it to the seller: "Paused from the portal", "Cancelled by you",
 * "Switched plan from the portal (Basic -> Pro)".
 */
export function changeLabel(change: Change): string {
  const who = change.source === "portal" ? "from the portal" : "by you";
  const plans =
    change.action === "change_plan" && (change.fromPlan ?? change.toPlan)
      ? ` (${change.fromPlan ?? "another plan"} -> ${change.toPlan ?? "another plan"})`
      : "";
  return `${verbs[change.action]} ${who}${plans}`;
}
