import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { createMerchant } from "../../factories/merchant";
import { createSaasUser } from "../../factories/saas-user";
import { anonymousCaller, merchantCaller, staffCaller } from "../../support/callers";
import { rejectionOf } from "../../support/rejection";

describe("merchantProcedure", () => {
  it("refuses a signed-out caller with 'User not authenticated'", async () => {
    const error = await rejectionOf(anonymousCaller().merchant.store.get());
    expect(error.code).toBe("UNAUTHORIZED");
    expect(error.message).toBe("User not authenticated");
  });

  it("refuses a staff session: staff and merchants are different identities", async () => {
    const staff = await createSaasUser(db, { role: "super_admin" });
    const error = await rejectionOf(staffCaller(staff).merchant.store.get());
    expect(error.code).toBe("UNAUTHORIZED");
  });
});

describe("staffProcedure", () => {
  it("refuses a merchant session", async () => {
    const merchant = await createMerchant(db);
    expect((await rejectionOf(merchantCaller(merchant).admin.me())).code).toBe("UNAUTHORIZED");
  });

  it("serves an active staff member and re-checks the account on every call", async () => {
    const staff = await createSaasUser(db, { role: "operator" });
    const caller = staffCaller(staff);
    await expect(caller.admin.me()).resolves.toMatchObject({ username: staff.username, role: "operator" });
    await db.saasUser.update({ where: { id: staff.id }, data: { isActive: false } });
    const error = await rejectionOf(caller.admin.me());
    expect(error.code).toBe("UNAUTHORIZED");
    expect(error.message).toBe("Account is disabled");
  });

  it("serves the overview totals to every staff role", async () => {
    const staff = await createSaasUser(db, { role: "operator" });
    const totals = await staffCaller(staff).admin.overview();
    expect(totals.merchants).toBe(await db.merchant.count());
  });
});
