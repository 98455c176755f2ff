import { equalsIgnoringCase } from "~/server/platform/text-match";
import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { hashPassword, verifyPassword } from "~/server/auth/password";
import {
  canManage,
  createProblem,
  creatableRoles,
  deleteProblem,
  passwordResetProblem,
  ruleMessages,
  updateProblem,
  type StaffActor,
} from "~/server/auth/roles";
import { revokeSessions } from "~/server/auth/sessions";
import { db } from "~/server/platform/db";
import { containsAny, newestPage } from "~/server/platform/paging";
import { AppError } from "~/server/platform/errors";
import { consumeRateLimit, resetRateLimit } from "~/server/platform/rate-limit";
import { recordAudit, type AuditActor } from "~/server/staff/audit";
import type {
  changeOwnPasswordSchema,
  createSaasUserSchema,
  listSaasUsersSchema,
  resetSaasUserPasswordSchema,
  updateOwnProfileSchema,
  updateSaasUserSchema,
} from "~/schemas/staff";

type NewSaasUser = z.output<typeof createSaasUserSchema>;
/** The signed-in staff member acting (ctx.staff), as far as the rules need it. */
export type Staff = StaffActor & { username: string };

export const USERS_PAGE_SIZE = 20;

/** The staff member behind a session, or null once disabled or deleted (sessions do not outlive that). */
export function getActiveStaff(staffId: string) {
  return db.saasUser.findFirst({
    where: { id: staffId, isActive: true },
    select: { id: true, name: true, username: true, email: true, role: true },
  });
}

const userFields = {
  id: true,
  username: true,
  email: true,
  name: true,
  description: true,
  role: true,
  isActive: true,
  createdById: true,
  createdAt: true,
} satisfies Prisma.SaasUserSelect;

// Refusals that belong to one form field are also shown under it.
const fieldOfProblem: Record<string, string> = {
  [ruleMessages.adminCreatesOperatorsOnly]: "role",
  [ruleMessages.adminAssignsOperatorOnly]: "role",
  [ruleMessages.lastSuperAdminDemote]: "role",
  [ruleMessages.selfDisable]: "isActive",
  [ruleMessages.lastSuperAdminDisable]: "isActive",
};

function forbidden(message: string): AppError {
  const field = fieldOfProblem[message];
  return new AppError("FORBIDDEN", message, field ? { fieldErrors: { [field]: [message] } } : {});
}

/**
 * Refuses a username or e-mail another account holds. Usernames compare case-insensitively so "Alice" cannot sit
 * next to "alice"; e-mails are stored lower-case by the schema.
 */
async function assertUnique(
  client: Prisma.TransactionClient,
  fields: { username?: string; email?: string },
  exceptId?: string,
) {
  const or: Prisma.SaasUserWhereInput[] = [];
  if (fields.username) or.push({ username: equalsIgnoringCase(fields.username) });
  if (fields.email) or.push({ email: fields.email });
  if (or.length === 0) return;
  const taken = await client.saasUser.findMany({
    where: { OR: or, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { username: true, email: true },
  });
  const fieldErrors: Record<string, string[]> = {};
  if (fields.username && taken.some((row) => row.username.toLowerCase() === fields.username!.toLowerCase())) {
    fieldErrors.username = ["Username is already taken"];
  }
  if (fields.email && taken.some((row) => row.email === fields.email)) {
    fieldErrors.email = ["Email is already in use"];
  }
  const messages = Object.values(fieldErrors).flat();
  if (messages.length) throw new AppError("CONFLICT", messages.join(". "), { fieldErrors });
}

/** Two requests racing past assertUnique meet the unique index instead; answer them the same way. */
async function withUniqueFields<T>(fields: { username?: string; email?: string }, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2002") await assertUnique(db, fields);
    throw error;
  }
}

/**
 * Counts the active super admins and locks their rows until the transaction ends. Two super admins demoting each
 * other at the same moment would otherwise both see "another one is left" and leave none.
 */
async function lockActiveSuperAdmins(tx: Prisma.TransactionClient): Promise<number> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM saas_users WHERE role = 'super_admin' AND is_active ORDER BY id FOR UPDATE`;
  return rows.length;
}

async function insertSaasUser(input: NewSaasUser, createdById: string | null, actor: AuditActor) {
  const passwordHash = await hashPassword(input.password);
  return withUniqueFields(input, () =>
    db.$transaction(async (tx) => {
      await assertUnique(tx, input);
      const user = await tx.saasUser.create({
        data: {
          username: input.username,
          email: input.email,
          name: input.name,
          description: input.description ?? null,
          role: input.role,
          isActive: input.isActive,
          passwordHash,
          createdById,
        },
        select: userFields,
      });
      await recordAudit(tx, actor, "user.create", userRef(user), {
        username: user.username,
        email: user.email,
        name: user.name,
        role: user.role,
        isActive: user.isActive,
      });
      return user;
    }),
  );
}

/** Creates a staff account from the server's terminal (`npm run admin:create`): how the first one comes to be. */
export async function createSaasUser(input: NewSaasUser, createdById: string | null) {
  const creator = createdById
    ? await db.saasUser.findUnique({ where: { id: createdById }, select: { id: true, username: true } })
    : null;
  return insertSaasUser(input, creator?.id ?? null, creator);
}

/** Creates a staff account for a signed-in staff member, within what their role allows. */
export async function createStaffUser(actor: Staff, input: NewSaasUser) {
  const problem = createProblem(actor.role, input.role);
  if (problem) throw forbidden(problem);
  return insertSaasUser(input, actor.id, actor);
}

/** The users table, newest first, with what the viewer may do to each row decided here rather than in the UI. */
export async function listStaffUsers(actor: Staff, input: z.output<typeof listSaasUsersSchema>) {
  const where: Prisma.SaasUserWhereInput = containsAny(input.search, ["username", "email", "name"]);
  const {
    total,
    pageCount,
    rows: users,
  } = await newestPage(input.page, USERS_PAGE_SIZE, db.saasUser.count({ where }), (slice) =>
    db.saasUser.findMany({ where, ...slice, select: userFields }),
  );
  return {
    total,
    pageCount,
    viewer: { id: actor.id, role: actor.role, creatableRoles: creatableRoles(actor.role) },
    users: users.map((user) => {
      const manageable = canManage(actor, user);
      return {
        ...user,
        canEdit: manageable,
        // Editing oneself is allowed (within the guards); deleting oneself never is.
        canDelete: manageable && user.id !== actor.id,
        assignableRoles: manageable ? creatableRoles(actor.role) : [],
      };
    }),
  };
}

/** A staff member as the audit log points at them. */
const userRef = (user: { id: string }) => ({ type: "saas_user" as const, id: user.id });

async function findTarget(tx: Prisma.TransactionClient, id: string) {
  const target = await tx.saasUser.findUnique({ where: { id }, select: userFields });
  if (!target) throw new AppError("NOT_FOUND", "User not found");
  return target;
}

/** Edits an account; role and active-flag changes go through the role rules and the last-super-admin guard. */
export async function updateStaffUser(actor: Staff, input: z.output<typeof updateSaasUserSchema>) {
  return withUniqueFields(input, () =>
    db.$transaction(async (tx) => {
      const target = await findTarget(tx, input.id);
      const superAdmins = target.role === "super_admin" && target.isActive ? await lockActiveSuperAdmins(tx) : 0;
      const problem = updateProblem(actor, target, input, superAdmins);
      if (problem) throw forbidden(problem);
      await assertUnique(tx, input, target.id);
      const next = {
        username: input.username,
        email: input.email,
        name: input.name,
        description: input.description ?? null,
      };
      const user = await tx.saasUser.update({
        where: { id: target.id },
        data: { ...next, role: input.role, isActive: input.isActive },
        select: userFields,
      });

      const ref = userRef(target);
      const changes: Record<string, { from: string | null; to: string | null }> = {};
      for (const key of Object.keys(next) as (keyof typeof next)[]) {
        if (target[key] !== next[key]) changes[key] = { from: target[key], to: next[key] };
      }
      if (Object.keys(changes).length) {
        await recordAudit(tx, actor, "user.update", ref, { username: user.username, changes });
      }
      if (target.role !== user.role) {
        await recordAudit(tx, actor, "user.role_change", ref, {
          username: user.username,
          from: target.role,
          to: user.role,
        });
      }
      if (target.isActive !== user.isActive) {
        await recordAudit(tx, actor, user.isActive ? "user.enable" : "user.disable", ref, {
          username: user.username,
        });
      }
      // A disabled member is out at once: every open session of theirs is refused from the next request on.
      if (!user.isActive) await revokeSessions({ saasUserId: target.id }, { client: tx });
      return user;
    }),
  );
}

/**
 * Sets another member's password and ends all their sessions: whoever knew the old one is out. Resetting one's
 * own keeps the session doing it (`currentSessionId`).
 */
export async function resetStaffPassword(
  actor: Staff,
  input: z.output<typeof resetSaasUserPasswordSchema>,
  currentSessionId: string | null = null,
) {
  const passwordHash = await hashPassword(input.password);
  await db.$transaction(async (tx) => {
    const target = await findTarget(tx, input.id);
    const problem = passwordResetProblem(actor, target);
    if (problem) throw forbidden(problem);
    await tx.saasUser.update({ where: { id: target.id }, data: { passwordHash } });
    await revokeSessions(
      { saasUserId: target.id },
      { client: tx, except: target.id === actor.id ? currentSessionId : null },
    );
    await recordAudit(tx, actor, "user.password_reset", userRef(target), { username: target.username });
  });
  return { ok: true as const };
}

export async function deleteStaffUser(actor: Staff, input: { id: string }) {
  await db.$transaction(async (tx) => {
    const target = await findTarget(tx, input.id);
    const superAdmins = target.role === "super_admin" && target.isActive ? await lockActiveSuperAdmins(tx) : 0;
    const problem = deleteProblem(actor, target, superAdmins);
    if (problem) throw forbidden(problem);
    await tx.saasUser.delete({ where: { id: target.id } });
    const { username, email, role } = target;
    await recordAudit(tx, actor, "user.delete", userRef(target), { username, email, role });
  });
  return { ok: true as const };
}

export async function getOwnAccount(staffId: string) {
  const staff = await db.saasUser.findUnique({
    where: { id: staffId },
    select: { id: true, username: true, email: true, name: true, role: true, createdAt: true },
  });
  if (!staff) throw new AppError("NOT_FOUND", "User not found");
  return staff;
}

export async function updateOwnProfile(actor: Staff, input: z.output<typeof updateOwnProfileSchema>) {
  await withUniqueFields({ email: input.email }, () =>
    db.$transaction(async (tx) => {
      const before = await findTarget(tx, actor.id);
      await assertUnique(tx, { email: input.email }, actor.id);
      await tx.saasUser.update({ where: { id: actor.id }, data: { name: input.name, email: input.email } });
      const changes: Record<string, { from: string; to: string }> = {};
      if (before.name !== input.name) changes.name = { from: before.name, to: input.name };
      if (before.email !== input.email) changes.email = { from: before.email, to: input.email };
      if (Object.keys(changes).length) {
        await recordAudit(tx, actor, "account.update", userRef(actor), { changes });
      }
    }),
  );
  return getOwnAccount(actor.id);
}

/**
 * Changes the signed-in member's password after checking the current one, and ends their other sessions. Wrong
 * guesses count against the same per-account budget as sign-in, so a left-open session cannot be used to guess
 * the password.
 */
export async function changeOwnPassword(
  actor: Staff,
  input: z.output<typeof changeOwnPasswordSchema>,
  currentSessionId: string | null = null,
) {
  const limitKey = `staff:${actor.username}`;
  await consumeRateLimit("signInByAccount", limitKey);
  const current = await db.saasUser.findUnique({ where: { id: actor.id }, select: { passwordHash: true } });
  if (!current || !(await verifyPassword(current.passwordHash, input.currentPassword))) {
    const message = "Current password is incorrect";
    throw new AppError("INVALID", message, { fieldErrors: { currentPassword: [message] } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.$transaction(async (tx) => {
    await tx.saasUser.update({ where: { id: actor.id }, data: { passwordHash } });
    await revokeSessions({ saasUserId: actor.id }, { client: tx, except: currentSessionId });
    await recordAudit(tx, actor, "account.password_change", userRef(actor));
  });
  await resetRateLimit("signInByAccount", limitKey);
  return { ok: true as const };
}
