import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/server/auth/password";
import { db } from "~/server/platform/db";
import { createSaasUser as createSaasUserFromTerminal } from "~/server/staff/users";
import { createSaasUser } from "../../factories/saas-user";
import { unique } from "../../factories/unique";
import { staffCaller } from "../../support/callers";
import { rejectionOf } from "../../support/rejection";

type Role = "operator" | "admin" | "super_admin";

function newUser(role?: Role) {
  const id = unique("n");
  return {
    username: `user_${id}`,
    email: `${id}@staff.example.test`,
    password: "a-good-password",
    name: `New ${id}`,
    ...(role ? { role } : {}),
  };
}

function editOf(user: { id: string; username: string; email: string; name: string; role: Role; isActive: boolean }) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    role: user.role,
    isActive: user.isActive,
  };
}

function auditRows(targetId: string) {
  return db.auditLog.findMany({ where: { targetId }, orderBy: { createdAt: "asc" } });
}

describe("creating SaaS users", () => {
  it("lets a super_admin create any role, defaulting to an active operator, and records who did it", async () => {
    const boss = await createSaasUser(db, { role: "super_admin" });
    const caller = staffCaller(boss);
    const operator = await caller.admin.users.create(newUser());
    expect(operator).toMatchObject({ role: "operator", isActive: true, createdById: boss.id });
    for (const role of ["admin", "super_admin"] as const) {
      await expect(caller.admin.users.create(newUser(role))).resolves.toMatchObject({ role });
    }
    const [entry] = await auditRows(operator.id);
    expect(entry).toMatchObject({ actorId: boss.id, actorUsername: boss.username, action: "user.create" });
    expect(JSON.stringify(entry?.details)).not.toContain("a-good-password");
    const stored = await db.saasUser.findUniqueOrThrow({ where: { id: operator.id } });
    expect(await verifyPassword(stored.passwordHash, "a-good-password")).toBe(true);
  });

  it("answers 'Admins can only create operator users' when an admin sends another role straight to the API", async () => {
    const admin = await createSaasUser(db, { role: "admin" });
    for (const role of ["admin", "super_admin"] as const) {
      const input = newUser(role);
      const error = await rejectionOf(staffCaller(admin).admin.users.create(input));
      expect(error.code).toBe("FORBIDDEN");
      expect(error.message).toBe("Admins can only create operator users");
      expect(await db.saasUser.count({ where: { username: input.username } })).toBe(0);
    }
    await expect(staffCaller(admin).admin.users.create(newUser("operator"))).resolves.toMatchObject({
      role: "operator",
      createdById: admin.id,
    });
  });

  it("refuses a duplicate username (any case) or e-mail with a field message, writing nothing", async () => {
    const boss = await createSaasUser(db, { role: "super_admin" });
    const existing = await createSaasUser(db);
    const before = await db.auditLog.count();

    const sameName = { ...newUser(), username: existing.username.toUpperCase() };
    const nameError = await rejectionOf(staffCaller(boss).admin.users.create(sameName));
    expect(nameError.code).toBe("CONFLICT");
    expect(nameError.message).toBe("Username is already taken");
    expect(nameError.cause?.fieldErrors).toEqual({ username: ["Username is already taken"] });

    const sameEmail = { ...newUser(), email: existing.email.toUpperCase() };
    const emailError = await rejectionOf(staffCaller(boss).admin.users.create(sameEmail));
    expect(emailError.message).toBe("Email is already in use");
    expect(emailError.cause?.fieldErrors).toEqual({ email: ["Email is already in use"] });

    expect(await db.saasUser.count({ where: { email: sameName.email } })).toBe(0);
    expect(await db.auditLog.count()).toBe(before);
  });

  it("gives the messages for bad input", async () => {
    const boss = await createSaasUser(db, { role: "super_admin" });
    const error = await rejectionOf(
      staffCaller(boss).admin.users.create({ username: "a!", email: "nope", password: "short", name: "" }),
    );
    expect(error.code).toBe("BAD_REQUEST");
  });

  it("records a terminal-made account with the terminal as the actor", async () => {
    const user = await createSaasUserFromTerminal(
      { ...newUser(), role: "super_admin", isActive: true, description: undefined },
      null,
    );
    const [entry] = await auditRows(user.id);
    expect(entry).toMatchObject({ actorId: null, actorUsername: "(terminal)", action: "user.create" });
  });
});

describe("listing SaaS users", () => {
  it("tells each viewer which rows it may edit and which roles it may give", async () => {
    const admin = await createSaasUser(db, { role: "admin" });
    const mine = await createSaasUser(db, { role: "operator", createdById: admin.id });
    const theirs = await createSaasUser(db, { role: "operator" });
    const boss = await createSaasUser(db, { role: "super_admin" });

    const asAdmin = await staffCaller(admin).admin.users.list({ search: "" });
    expect(asAdmin.viewer.creatableRoles).toEqual(["operator"]);
    const row = (id: string) => asAdmin.users.find((user) => user.id === id);
    expect(row(mine.id)).toMatchObject({ canEdit: true, canDelete: true, assignableRoles: ["operator"] });
    expect(row(theirs.id)).toMatchObject({ canEdit: false, canDelete: false });
    expect(row(boss.id)).toMatchObject({ canEdit: false, canDelete: false });

    const asOperator = await staffCaller(mine).admin.users.list({ search: mine.username });
    expect(asOperator.viewer.creatableRoles).toEqual([]);
    expect(asOperator.users).toHaveLength(1);
    expect(asOperator.users[0]).toMatchObject({ id: mine.id, canEdit: false, canDelete: false });

    const asBoss = await staffCaller(boss).admin.users.list({ search: boss.username });
    expect(asBoss.viewer.creatableRoles).toEqual(["operator", "admin", "super_admin"]);
    expect(asBoss.users[0]).toMatchObject({ canEdit: true, canDelete: false });
    expect(asBoss.users[0]).not.toHaveProperty("passwordHash");
  });
});

describe("editing, resetting and deleting SaaS users", () => {
  it("lets an admin manage only the operators it created", async () => {
    const admin = await createSaasUser(db, { role: "admin" });
    const mine = await createSaasUser(db, { role: "operator", createdById: admin.id });
    const others = [
      await createSaasUser(db, { role: "operator" }),
      await createSaasUser(db, { role: "admin" }),
      await createSaasUser(db, { role: "super_admin" }),
    ];
    const caller = staffCaller(admin);

    await expect(
      caller.admin.users.update({ ...editOf(mine), name: "Renamed by admin", description: "Night shift" }),
    ).resolves.toMatchObject({ name: "Renamed by admin", description: "Night shift" });
    await expect(caller.admin.users.resetPassword({ id: mine.id, password: "reset-password" })).resolves.toEqual({
      ok: true,
    });

    for (const other of others) {
      for (const attempt of [
        () => caller.admin.users.update({ ...editOf(other), name: "Hijacked" }),
        () => caller.admin.users.resetPassword({ id: other.id, password: "hijack-password" }),
        () => caller.admin.users.delete({ id: other.id }),
      ]) {
        const error = await rejectionOf(attempt());
        expect(error.code).toBe("FORBIDDEN");
        expect(error.message).toBe("Admins can only manage operator users they created");
      }
      expect(await db.saasUser.findUnique({ where: { id: other.id } })).toMatchObject({ name: other.name });
    }

    const promote = await rejectionOf(caller.admin.users.update({ ...editOf(mine), role: "admin" }));
    expect(promote.message).toBe("Admins can only assign the operator role");
    expect(promote.cause?.fieldErrors).toEqual({ role: ["Admins can only assign the operator role"] });

    await expect(caller.admin.users.delete({ id: mine.id })).resolves.toEqual({ ok: true });
    expect(await db.saasUser.count({ where: { id: mine.id } })).toBe(0);
  });

  it("lets a super_admin edit anyone, and audits each kind of change in the same transaction", async () => {
    const boss = await createSaasUser(db, { role: "super_admin" });
    const target = await createSaasUser(db, { role: "operator" });
    const caller = staffCaller(boss);
    const username = `renamed_${unique("")}`;

    await caller.admin.users.update({ ...editOf(target), username, role: "admin", isActive: false });
    await caller.admin.users.update({ ...editOf(target), username, role: "admin", isActive: true });
    await caller.admin.users.resetPassword({ id: target.id, password: "fresh-password" });
    await caller.admin.users.delete({ id: target.id });

    const rows = await auditRows(target.id);
    expect(rows.map((row) => row.action)).toEqual([
      "user.update",
      "user.role_change",
      "user.disable",
      "user.enable",
      "user.password_reset",
      "user.delete",
    ]);
    expect(rows.every((row) => row.actorId === boss.id && row.actorUsername === boss.username)).toBe(true);
    expect(rows[0]?.details).toMatchObject({ changes: { username: { from: target.username, to: username } } });
    expect(rows[1]?.details).toMatchObject({ from: "operator", to: "admin" });
  });

  it("refuses a duplicate username or e-mail on edit without changing anything", async () => {
    const boss = await createSaasUser(db, { role: "super_admin" });
    const [first, second] = [await createSaasUser(db), await createSaasUser(db)];
    const error = await rejectionOf(
      staffCaller(boss).admin.users.update({ ...editOf(second), email: first.email, name: "Changed" }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(error.cause?.fieldErrors).toEqual({ email: ["Email is already in use"] });
    expect(await db.saasUser.findUniqueOrThrow({ where: { id: second.id } })).toMatchObject({ name: second.name });
    expect(await auditRows(second.id)).toHaveLength(0);
  });

  it("answers NOT_FOUND for an unknown user", async () => {
    const boss = await createSaasUser(db, { role: "super_admin" });
    const error = await rejectionOf(staffCaller(boss).admin.users.delete({ id: "no-such-user" }));
    expect(error.code).toBe("NOT_FOUND");
    expect(error.message).toBe("User not found");
  });

  it("never lets anyone disable or delete themself", async () => {
    const boss = await createSaasUser(db, { role: "super_admin" });
    await createSaasUser(db, { role: "super_admin" });
    const caller = staffCaller(boss);
    const disable = await rejectionOf(caller.admin.users.update({ ...editOf(boss), isActive: false }));
    expect(disable.message).toBe("You cannot disable your own account");
    const remove = await rejectionOf(caller.admin.users.delete({ id: boss.id }));
    expect(remove.message).toBe("You cannot delete your own account");
    expect(await db.saasUser.findUniqueOrThrow({ where: { id: boss.id } })).toMatchObject({ isActive: true });
  });
});

describe("the last active super admin", () => {
  // The shared database holds other tests' super admins: leave exactly one active for these tests.
  async function onlySuperAdmin() {
    const boss = await createSaasUser(db, { role: "super_admin" });
    await db.saasUser.updateMany({
      where: { role: "super_admin", isActive: true, id: { not: boss.id } },
      data: { isActive: false },
    });
    return boss;
  }

  it("cannot be demoted, even by themself", async () => {
    const boss = await onlySuperAdmin();
    const error = await rejectionOf(staffCaller(boss).admin.users.update({ ...editOf(boss), role: "admin" }));
    expect(error.code).toBe("FORBIDDEN");
    expect(error.message).toBe("You cannot change the role of the last active super admin");
    expect(await db.saasUser.findUniqueOrThrow({ where: { id: boss.id } })).toMatchObject({ role: "super_admin" });
  });

  it("can step down once another super admin exists", async () => {
    const boss = await onlySuperAdmin();
    const caller = staffCaller(boss);
    await caller.admin.users.create(newUser("super_admin"));
    await expect(caller.admin.users.update({ ...editOf(boss), role: "admin" })).resolves.toMatchObject({
      role: "admin",
    });
  });

  it("survives two super admins demoting each other at the same moment", async () => {
    const first = await onlySuperAdmin();
    const second = await createSaasUser(db, { role: "super_admin" });
    const results = await Promise.allSettled([
      staffCaller(first).admin.users.update({ ...editOf(second), role: "admin" }),
      staffCaller(second).admin.users.update({ ...editOf(first), role: "admin" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await db.saasUser.count({ where: { role: "super_admin", isActive: true } })).toBe(1);
  });
});

describe("own account settings", () => {
  it("updates name and e-mail, refusing an e-mail another account uses", async () => {
    const me = await createSaasUser(db, { role: "operator" });
    const other = await createSaasUser(db);
    const caller = staffCaller(me);
    const email = `${unique("me")}@staff.example.test`;
    await expect(caller.admin.profile.update({ name: "New Me", email })).resolves.toMatchObject({
      name: "New Me",
      email,
    });
    const error = await rejectionOf(caller.admin.profile.update({ name: "New Me", email: other.email }));
    expect(error.cause?.fieldErrors).toEqual({ email: ["Email is already in use"] });
    expect((await auditRows(me.id)).map((row) => row.action)).toEqual(["account.update"]);
  });

  it("changes the password only with the current one", async () => {
    const me = await createSaasUser(db, { role: "operator" });
    const caller = staffCaller(me);
    const wrong = await rejectionOf(
      caller.admin.profile.changePassword({
        currentPassword: "not-my-password",
        newPassword: "next-password",
        confirmPassword: "next-password",
      }),
    );
    expect(wrong.message).toBe("Current password is incorrect");
    expect(wrong.cause?.fieldErrors).toEqual({ currentPassword: ["Current password is incorrect"] });

    const mismatch = await rejectionOf(
      caller.admin.profile.changePassword({
        currentPassword: me.password,
        newPassword: "next-password",
        confirmPassword: "other-password",
      }),
    );
    expect(mismatch.code).toBe("BAD_REQUEST");

    await caller.admin.profile.changePassword({
      currentPassword: me.password,
      newPassword: "next-password",
      confirmPassword: "next-password",
    });
    const stored = await db.saasUser.findUniqueOrThrow({ where: { id: me.id } });
    expect(await verifyPassword(stored.passwordHash, "next-password")).toBe(true);
    expect((await auditRows(me.id)).map((row) => row.action)).toEqual(["account.password_change"]);
  });
});

describe("audit log", () => {
  it("is readable by super admins, newest first", async () => {
    const boss = await createSaasUser(db, { role: "super_admin" });
    const created = await staffCaller(boss).admin.users.create(newUser());
    const log = await staffCaller(boss).admin.audit.list({ page: 1 });
    expect(log.entries[0]).toMatchObject({ action: "user.create", targetId: created.id });
  });
});
