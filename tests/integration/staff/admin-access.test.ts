import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { createMerchant } from "../../factories/merchant";
import { createSaasUser } from "../../factories/saas-user";
import { unique } from "../../factories/unique";
import { anonymousCaller, merchantCaller, staffCaller } from "../../support/callers";

// Every admin procedure against every kind of caller: the tier (staffProcedure's minimum role) is enforced on
// the server whatever the UI shows.

type Role = "operator" | "admin" | "super_admin";
type Caller = ReturnType<typeof anonymousCaller>;
type Staff = Awaited<ReturnType<typeof createSaasUser>>;

async function newOperatorOf(creator: Staff) {
  return createSaasUser(db, { role: "operator", createdById: creator.id });
}

const procedures: { name: string; minRole: Role; call(caller: Caller, actor: Staff | null): Promise<unknown> }[] = [
  { name: "me", minRole: "operator", call: (c) => c.admin.me() },
  { name: "overview", minRole: "operator", call: (c) => c.admin.overview() },
  { name: "listUsers", minRole: "operator", call: (c) => c.admin.users.list({}) },
  {
    name: "createUser",
    minRole: "admin",
    call: (c) => {
      const id = unique("u");
      return c.admin.users.create({
        username: `new_${id}`,
        email: `${id}@staff.example.test`,
        password: "new-password",
        name: "New operator",
      });
    },
  },
  {
    name: "updateUser",
    minRole: "admin",
    call: async (c, actor) => {
      const target = actor ? await newOperatorOf(actor) : await createSaasUser(db);
      return c.admin.users.update({
        id: target.id,
        username: target.username,
        email: target.email,
        name: "Renamed",
        role: "operator",
        isActive: true,
      });
    },
  },
  {
    name: "resetUserPassword",
    minRole: "admin",
    call: async (c, actor) => {
      const target = actor ? await newOperatorOf(actor) : await createSaasUser(db);
      return c.admin.users.resetPassword({ id: target.id, password: "another-password" });
    },
  },
  {
    name: "deleteUser",
    minRole: "admin",
    call: async (c, actor) => {
      const target = actor ? await newOperatorOf(actor) : await createSaasUser(db);
      return c.admin.users.delete({ id: target.id });
    },
  },
  { name: "listMerchants", minRole: "operator", call: (c) => c.admin.merchants.list({}) },
  {
    name: "getMerchant",
    minRole: "operator",
    call: async (c) => c.admin.merchants.get({ id: (await createMerchant(db)).id }),
  },
  {
    name: "listMerchantPops",
    minRole: "operator",
    call: async (c) => c.admin.merchants.listPops({ merchantId: (await createMerchant(db)).id, kind: "sell_pages" }),
  },
  { name: "listTransactions", minRole: "operator", call: (c) => c.admin.transactions.list({ filters: {} }) },
  { name: "listAuditLog", minRole: "super_admin", call: (c) => c.admin.audit.list({}) },
  { name: "getOwnAccount", minRole: "operator", call: (c) => c.admin.profile.get() },
  {
    name: "updateOwnProfile",
    minRole: "operator",
    call: (c, actor) =>
      c.admin.profile.update({ name: "Still me", email: actor?.email ?? `${unique("x")}@staff.example.test` }),
  },
  {
    name: "changeOwnPassword",
    minRole: "operator",
    call: (c, actor) =>
      c.admin.profile.changePassword({
        currentPassword: actor?.password ?? "whatever-password",
        newPassword: "brand-new-password",
        confirmPassword: "brand-new-password",
      }),
  },
];

const rank: Record<Role, number> = { operator: 0, admin: 1, super_admin: 2 };

async function outcome(promise: Promise<unknown>): Promise<{ code: string; message: string } | "ok"> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: error.message };
    throw error;
  }
}

describe.each(procedures)("admin.$name", ({ minRole, call }) => {
  it("refuses a signed-out caller and a merchant session with 'User not authenticated'", async () => {
    const merchant = await createMerchant(db);
    for (const caller of [anonymousCaller(), merchantCaller(merchant)]) {
      expect(await outcome(call(caller, null))).toEqual({ code: "UNAUTHORIZED", message: "User not authenticated" });
    }
  });

  it("refuses a disabled staff member with 'Account is disabled'", async () => {
    const disabled = await createSaasUser(db, { role: "super_admin", isActive: false });
    expect(await outcome(call(staffCaller(disabled), disabled))).toEqual({
      code: "UNAUTHORIZED",
      message: "Account is disabled",
    });
  });

  it.each(["operator", "admin", "super_admin"] as const)(`as %s: allowed only from ${minRole} up`, async (role) => {
    const actor = await createSaasUser(db, { role });
    const result = await outcome(call(staffCaller(actor), actor));
    if (rank[role] >= rank[minRole]) expect(result).toBe("ok");
    else expect(result).toEqual({ code: "FORBIDDEN", message: "You do not have permission to do this." });
  });
});
