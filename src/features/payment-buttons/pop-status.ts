import type { BadgeTone } from "~/components/ui/badge";
import type { RouterOutputs } from "~/trpc/react";

/** Why a POP cannot take payments (server: src/server/stores/pop-setup.ts). */
export type SetupIssue = NonNullable<RouterOutputs["pages"]["buttons"]["list"][number]["setupIssue"]>;

/** What the pages list needs of any POP to show, filter and act on it. */
export type ListedPop = {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
  setupIssue: SetupIssue | null;
};

export const popStatusFilters = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
  { value: "setup", label: "Setup needed" },
] as const;
export type PopStatusFilter = (typeof popStatusFilters)[number]["value"];

/**
 * The badge: a POP buyers cannot pay reads "Setup needed" (or "Suspended") rather than "Active", even while its
 * switch is on; the switch alone says whether it is on.
 */
export function popBadge(pop: Pick<ListedPop, "isActive" | "setupIssue">): { label: string; tone: BadgeTone } {
  if (pop.setupIssue)
    return { label: pop.setupIssue.label, tone: pop.setupIssue.code === "store_suspended" ? "red" : "yellow" };
  return pop.isActive ? { label: "Active", tone: "green" } : { label: "Inactive", tone: "gray" };
}

/**
 * The list's search (name or description, any case) and status filter. "Active" means buyers can pay it now;
 * "Inactive" is every switched-off POP; "Setup needed" every POP with a setup issue, on or off.
 */
export function matchesPopFilters(pop: ListedPop, search: string, status: PopStatusFilter | undefined): boolean {
  const needle = search.trim().toLowerCase();
  if (needle && !`${pop.name}\n${pop.description ?? ""}`.toLowerCase().includes(needle)) return false;
  if (status === "active") return pop.isActive && !pop.setupIssue;
  if (status === "inactive") return !pop.isActive;
  if (status === "setup") return pop.setupIssue !== null;
  return true;
}
