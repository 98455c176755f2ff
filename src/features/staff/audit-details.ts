// Turns an audit row's JSON details into one readable line for the Audit Log page.
import { jobKindLabels } from "~/schemas/staff";

const actionLabels: Record<string, string> = {
  "user.create": "Created user",
  "user.update": "Edited user",
  "user.role_change": "Changed role",
  "user.disable": "Disabled user",
  "user.enable": "Enabled user",
  "user.password_reset": "Reset password",
  "user.delete": "Deleted user",
  "account.update": "Updated own profile",
  "account.password_change": "Changed own password",
  "transactions.export": "Exported transactions",
  "merchant.suspend": "Suspended merchant",
  "merchant.resume": "Resumed merchant",
  "merchant.plan_change": "Changed merchant's plan",
  "plan.create": "Created plan",
  "plan.update": "Edited plan",
  "plan.set_default": "Made plan the default",
  "plan.delete": "Deleted plan",
  "job.retry": "Retried background job",
};

export function auditActionLabel(action: string): string {
  return actionLabels[action] ?? action;
}

function text(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function describeAuditDetails(details: unknown): string {
  if (!isRecord(details)) return "";
  const parts: string[] = [];
  if (typeof details.username === "string") parts.push(`@${details.username}`);
  // A merchant acted on: its name and e-mail as they were at the time.
  else if (typeof details.name === "string") {
    parts.push(typeof details.email === "string" ? `${details.name} (${details.email})` : details.name);
  }
  if ("from" in details && "to" in details) parts.push(`${text(details.from)} → ${text(details.to)}`);
  if (isRecord(details.changes)) {
    for (const [field, change] of Object.entries(details.changes)) {
      if (isRecord(change)) parts.push(`${field}: ${text(change.from)} → ${text(change.to)}`);
    }
  }
  if (typeof details.role === "string" && !("from" in details)) parts.push(`role ${details.role}`);
  // A plan created or deleted: its terms as they were.
  for (const term of ["price", "limit", "fee"] as const) {
    if (typeof details[term] === "string") parts.push(details[term]);
  }
  if (typeof details.movedStores === "number" && details.movedStores > 0) {
    parts.push(`${details.movedStores} store(s) moved to ${text(details.movedTo)}`);
  }
  // A retried background job: its kind in words, and a PayPal event's type.
  if (typeof details.kind === "string") {
    parts.push(jobKindLabels[details.kind as keyof typeof jobKindLabels] ?? details.kind);
  }
  if (typeof details.type === "string") parts.push(details.type);
  if (isRecord(details.filters)) {
    const used = Object.entries(details.filters).filter(([, value]) => value !== "" && value != null);
    parts.push(used.length ? used.map(([key, value]) => `${key}=${text(value)}`).join(", ") : "no filters");
  }
  return parts.join(" · ");
}
