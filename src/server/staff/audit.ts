import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/platform/db";
import { newestPage } from "~/server/platform/paging";

/** Who did it: a staff member, or null for the `admin:create` command run on the server's terminal. */
export type AuditActor = { id: string; username: string } | null;

export type AuditAction =
  | "user.create"
  | "user.update"
  | "user.role_change"
  | "user.disable"
  | "user.enable"
  | "user.password_reset"
  | "user.delete"
  | "account.update"
  | "account.password_change"
  | "transactions.export"
  | "merchant.suspend"
  | "merchant.resume"
  | "merchant.plan_change"
  | "plan.create"
  | "plan.update"
  | "plan.set_default"
  | "plan.delete"
  | "job.retry";

export const TERMINAL_ACTOR = "(terminal)";

/**
 * Writes one audit row. Mutations pass their transaction client so the row commits or rolls back with the change
 * it describes: there is never a change without its record, nor a record of a change that did not happen.
 */
export function recordAudit(
  client: Prisma.TransactionClient,
  actor: AuditActor,
  action: AuditAction,
  target: { type: "saas_user" | "transactions" | "merchant" | "job" | "paypal_event" | "plan"; id: string | null },
  details?: Prisma.InputJsonObject,
) {
  return client.auditLog.create({
    data: {
      actorId: actor?.id ?? null,
      actorUsername: actor?.username ?? TERMINAL_ACTOR,
      action,
      targetType: target.type,
      targetId: target.id,
      details,
    },
  });
}

export const AUDIT_PAGE_SIZE = 50;

export async function listAuditLog(input: { page: number }) {
  const { total, pageCount, rows } = await newestPage(input.page, AUDIT_PAGE_SIZE, db.auditLog.count(), (slice) =>
    db.auditLog.findMany({
      ...slice,
      select: {
        id: true,
        actorUsername: true,
        action: true,
        targetType: true,
        targetId: true,
        details: true,
        createdAt: true,
      },
    }),
  );
  return { total, pageCount, entries: rows };
}
