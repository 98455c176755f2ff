import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { getMerchantPlanUsage, listPublicPlans, planLimitMessage, usageMonth } from "~/server/plans/plans";
import { PLAN_LIMIT_MESSAGE, planMessages, type PlanFormInput } from "~/schemas/plans";
import { createMerchant } from "../../factories/merchant";
import { createPlan, DEFAULT_PLAN_ID } from "../../factories/plan";
import { createRefund } from "../../factories/refund";
import { createSaasUser } from "../../factories/saas-user";
import { createTransaction } from "../../factories/transaction";
import { unique } from "../../factories/unique";
import { anonymousCaller, merchantCaller, staffCaller } from "../../support/callers";
import { refusalOf as failure } from "../../support/rejection";
import { createWpsTransaction } from "../../factories/wps-transaction";

async function staffOf(role: "operator" | "admin" | "super_admin") {
  const staff = await createSaasUser(db, { role });
  return { staff, admin: staffCaller(staff).admin };
}

function planForm(overrides: Partial<PlanFormInput> = {}): PlanFormInput {
  return {
    name: unique("Growth "),
    description: "For stores that sell every day",
    price: "29",
    isUnlimited: false,
    monthlyTransactionLimit: "500",
    feePercent: "1.5",
    ...overrides,
  };
}

const planAudit = (planId: string) =>
  db.auditLog.findMany({ where: { targetType: "plan", targetId: planId }, orderBy: { createdAt: "asc" } });

const defaults = () => db.plan.findMany({ where: { isDefault: true }, select: { id: true } });

/** Every test that moves the default puts the migration's plan back: the run shares one database. */
afterEach(async () => {
  await db.$transaction([
    db.plan.updateMany({ where: { isDefault: true, id: { not: DEFAULT_PLAN_ID } }, data: { isDefault: false } }),
    db.plan.update({ where: { id: DEFAULT_PLAN_ID }, data: { isDefault: true } }),
  ]);
});

describe("plans in the admin portal", () => {
  it("lets an admin create a plan, audited in the same transaction, and shows it to staff and the landing page", async () => {
    const { staff, admin } = await staffOf("admin");
    const values = planForm({ price: "29.50" });
    const plan = await admin.plans.create(values);
    expect(plan).toMatchObject({
      name: values.name,
      description: values.description,
      priceMinor: 2950,
      monthlyTransactionLimit: 500,
      feeBasisPoints: 150,
      isDefault: false,
    });

    const audit = await planAudit(plan.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "plan.create",
      actorId: staff.id,
      actorUsername: staff.username,
      details: {
        name: values.name,
        price: "$29.50/month",
        limit: "Up to 500 payments a month",
        fee: "1.5%",
      },
    });

    const listed = await admin.plans.list();
    expect(listed.canEdit).toBe(true);
    expect(listed.plans.find((row) => row.id === plan.id)).toMatchObject({ name: values.name, storeCount: 0 });
    // New plans go after the existing ones.
    expect(listed.plans.at(-1)?.id).toBe(plan.id);
    expect((await listPublicPlans()).map((row) => row.name)).toContain(values.name);
  });

  it("refuses a name another plan has, in any case, under the name field and with nothing written", async () => {
    const { admin } = await staffOf("super_admin");
    const existing = await createPlan(db);
    const before = await db.plan.count();
    const error = await failure(admin.plans.create(planForm({ name: existing.name.toUpperCase() })));
    expect(error).toEqual({
      code: "CONFLICT",
      message: planMessages.nameTaken(existing.name.toUpperCase()),
      fieldErrors: { name: [planMessages.nameTaken(existing.name.toUpperCase())] },
    });
    expect(await db.plan.count()).toBe(before);

    const other = await admin.plans.create(planForm());
    const rename = await failure(admin.plans.update({ id: other.id, values: planForm({ name: existing.name }) }));
    expect(rename.code).toBe("CONFLICT");
    expect((await db.plan.findUniqueOrThrow({ where: { id: other.id } })).name).toBe(other.name);
  });

  it("answers bad input with the form's messages, never a server error", async () => {
    const { admin } = await staffOf("admin");
    const error = await failure(
      admin.plans.create(planForm({ name: "", price: "abc", monthlyTransactionLimit: "", feePercent: "101" })),
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.fieldErrors).toEqual({
      name: [planMessages.nameRequired],
      price: [planMessages.priceInvalid],
      feePercent: [planMessages.feeInvalid],
      monthlyTransactionLimit: [planMessages.limitRequired],
    });
    expect((await failure(admin.plans.update({ id: "no-such-plan", values: planForm() }))).code).toBe("NOT_FOUND");
    expect((await failure(admin.plans.delete({ id: "no-such-plan" }))).code).toBe("NOT_FOUND");
    expect((await failure(admin.plans.setDefault({ id: "no-such-plan" }))).code).toBe("NOT_FOUND");
  });

  it("audits an edit with what changed, and writes nothing for an edit that changes nothing", async () => {
    const { admin } = await staffOf("admin");
    const plan = await admin.plans.create(planForm({ isUnlimited: true, monthlyTransactionLimit: "" }));
    const values = planForm({ name: plan.name, price: "49", isUnlimited: false, monthlyTransactionLimit: "2000" });
    const updated = await admin.plans.update({ id: plan.id, values });
    expect(updated).toMatchObject({ priceMinor: 4900, monthlyTransactionLimit: 2000, feeBasisPoints: 150 });
    await admin.plans.update({ id: plan.id, values });

    const audit = await planAudit(plan.id);
    expect(audit.map((row) => row.action)).toEqual(["plan.create", "plan.update"]);
    expect(audit[1]?.details).toEqual({
      name: plan.name,
      changes: {
        price: { from: "$29/month", to: "$49/month" },
        limit: { from: "Unlimited payments", to: "Up to 2,000 payments a month" },
      },
    });
  });

  it("keeps exactly one default plan, also when two admins set different defaults at the same moment", async () => {
    const { admin } = await staffOf("admin");
    const first = await admin.plans.create(planForm());
    const second = await admin.plans.create(planForm());

    const made = await admin.plans.setDefault({ id: first.id });
    expect(made.isDefault).toBe(true);
    expect(await defaults()).toEqual([{ id: first.id }]);
    expect((await planAudit(first.id)).at(-1)).toMatchObject({
      action: "plan.set_default",
      details: { name: first.name, from: "Free", to: first.name },
    });
    // Setting the default again is no change and no audit row.
    await admin.plans.setDefault({ id: first.id });
    expect((await planAudit(first.id)).filter((row) => row.action === "plan.set_default")).toHaveLength(1);

    await Promise.all([
      admin.plans.setDefault({ id: second.id }),
      admin.plans.setDefault({ id: DEFAULT_PLAN_ID }),
      admin.plans.setDefault({ id: first.id }),
    ]);
    expect(await defaults()).toHaveLength(1);
  });

  it("refuses to delete the default plan; deleting another moves its stores to the default", async () => {
    const { staff, admin } = await staffOf("super_admin");
    expect(await failure(admin.plans.delete({ id: DEFAULT_PLAN_ID }))).toMatchObject({
      code: "CONFLICT",
      message: planMessages.defaultNotDeletable,
    });
    expect(await db.plan.findUnique({ where: { id: DEFAULT_PLAN_ID } })).not.toBeNull();

    const plan = await admin.plans.create(planForm({ feePercent: "3" }));
    const merchant = await createMerchant(db);
    await admin.plans.setForMerchant({ merchantId: merchant.id, planId: plan.id });
    expect((await getMerchantPlanUsage(merchant.id)).plan?.id).toBe(plan.id);

    await expect(admin.plans.delete({ id: plan.id })).resolves.toEqual({
      id: plan.id,
      name: plan.name,
      movedStores: 1,
      movedTo: "Free",
    });
    expect(await db.plan.findUnique({ where: { id: plan.id } })).toBeNull();
    const usage = await getMerchantPlanUsage(merchant.id);
    expect(usage).toMatchObject({ ownPlanId: null, plan: { id: DEFAULT_PLAN_ID, isDefault: true } });
    expect((await planAudit(plan.id)).at(-1)).toMatchObject({
      action: "plan.delete",
      actorId: staff.id,
      details: { name: plan.name, fee: "3%", movedStores: 1, movedTo: "Free" },
    });
  });

  it("lets operators read the plans but change nothing; merchants and visitors get nothing", async () => {
    const { admin: operator } = await staffOf("operator");
    const plan = await createPlan(db);
    const merchant = await createMerchant(db);
    const auditBefore = await db.auditLog.count();

    const listed = await operator.plans.list();
    expect(listed.canEdit).toBe(false);
    expect(listed.plans.some((row) => row.id === plan.id)).toBe(true);
    const refusals = await Promise.all([
      failure(operator.plans.create(planForm())),
      failure(operator.plans.update({ id: plan.id, values: planForm() })),
      failure(operator.plans.setDefault({ id: plan.id })),
      failure(operator.plans.delete({ id: plan.id })),
      failure(operator.plans.setForMerchant({ merchantId: merchant.id, planId: plan.id })),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ code: "FORBIDDEN", message: "You do not have permission to do this." });
    }
    expect((await operator.plans.forMerchant({ id: merchant.id })).canChange).toBe(false);
    expect(await db.plan.findUniqueOrThrow({ where: { id: plan.id } })).toEqual(plan);
    expect(await db.auditLog.count()).toBe(auditBefore);

    for (const caller of [merchantCaller(merchant).admin, anonymousCaller().admin]) {
      expect((await failure(caller.plans.list())).code).toBe("UNAUTHORIZED");
      expect((await failure(caller.plans.create(planForm()))).code).toBe("UNAUTHORIZED");
    }
  });
});

describe("a merchant's plan", () => {
  it("is set by staff and audited, back to the default with null, and only a real change is written", async () => {
    const { staff, admin } = await staffOf("admin");
    const plan = await createPlan(db, { monthlyTransactionLimit: 100, feeBasisPoints: 200 });
    const merchant = await createMerchant(db);

    expect(await admin.plans.forMerchant({ id: merchant.id })).toMatchObject({
      ownPlanId: null,
      plan: { id: DEFAULT_PLAN_ID },
      canChange: true,
    });
    const moved = await admin.plans.setForMerchant({ merchantId: merchant.id, planId: plan.id });
    expect(moved).toMatchObject({ ownPlanId: plan.id, plan: { name: plan.name }, limit: 100 });
    await admin.plans.setForMerchant({ merchantId: merchant.id, planId: plan.id });
    await admin.plans.setForMerchant({ merchantId: merchant.id, planId: null });

    const audit = await db.auditLog.findMany({
      where: { targetType: "merchant", targetId: merchant.id, action: "merchant.plan_change" },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((row) => [row.actorUsername, row.details])).toEqual([
      [staff.username, { name: merchant.name, email: merchant.email, from: "Default plan (Free)", to: plan.name }],
      [staff.username, { name: merchant.name, email: merchant.email, from: plan.name, to: "Default plan (Free)" }],
    ]);

    expect(
      await failure(admin.plans.setForMerchant({ merchantId: merchant.id, planId: "no-such-plan" })),
    ).toMatchObject({
      code: "NOT_FOUND",
      message: planMessages.notFound,
    });
    expect((await failure(admin.plans.setForMerchant({ merchantId: "no-such-merchant", planId: plan.id }))).code).toBe(
      "NOT_FOUND",
    );
  });

  it("follows the default plan while it has none of its own", async () => {
    const { admin } = await staffOf("admin");
    const merchant = await createMerchant(db);
    const plan = await createPlan(db, { name: unique("Default "), feeBasisPoints: 100 });
    await admin.plans.setDefault({ id: plan.id });
    expect(await merchantCaller(merchant).merchant.plan.usage()).toMatchObject({
      ownPlanId: null,
      plan: { id: plan.id, isDefault: true, feeBasisPoints: 100 },
    });
  });
});

describe("usage this month", () => {
  it("counts completed payments and WPS payments of this UTC month, and the fee on its revenue per currency", async () => {
    const merchant = await createMerchant(db);
    const plan = await createPlan(db, { monthlyTransactionLimit: 10, feeBasisPoints: 250 });
    await db.merchant.update({ where: { id: merchant.id }, data: { planId: plan.id } });
    const { start } = usageMonth();
    const lastMonth = new Date(start.getTime() - 60 * 60 * 1000);

    await createTransaction(db, merchant.id, { amountMinor: 1000 });
    await createTransaction(db, merchant.id, { amountMinor: 2000, status: "partially_refunded" });
    const refunded = await createTransaction(db, merchant.id, { amountMinor: 500, status: "refunded" });
    await createRefund(db, merchant.id, { transactionId: refunded.id, amountMinor: 500 });
    await createTransaction(db, merchant.id, { amountMinor: 1500, currency: "EUR" });
    // Not payments taken: pending, failed, cancelled; and last month's.
    await createTransaction(db, merchant.id, { status: "pending" });
    await createTransaction(db, merchant.id, { status: "failed" });
    await createTransaction(db, merchant.id, { status: "cancelled" });
    await createTransaction(db, merchant.id, { createdAt: lastMonth });
    await createWpsTransaction(db, merchant.id, {
      amountMinor: 700,
      rawIpn: "txn_type=web_accept&payment_status=Completed",
    });

    const usage = await merchantCaller(merchant).merchant.plan.usage();
    expect(usage).toMatchObject({
      ownPlanId: plan.id,
      plan: { name: plan.name },
      payments: 5,
      limit: 10,
      isAtLimit: false,
      month: { start, resetsAt: usageMonth().end },
    });
    // In the currencies' own order. USD: 10 + 20 + 5 - 5 refunded + 7 (WPS) = 37.00, 2.5% = 0.925 -> 0.93; EUR 15.00 -> 0.38.
    expect(usage.fees).toEqual([
      { currency: "USD", revenueMinor: 3700, feeMinor: 93 },
      { currency: "EUR", revenueMinor: 1500, feeMinor: 38 },
    ]);

    // A month in the past reads that month only.
    expect(await getMerchantPlanUsage(merchant.id, lastMonth)).toMatchObject({ payments: 1 });
  });

  it("lets buyers start checkouts until the limit is reached, then gives them the plan's sentence", async () => {
    const merchant = await createMerchant(db);
    const plan = await createPlan(db, { monthlyTransactionLimit: 2 });
    await db.merchant.update({ where: { id: merchant.id }, data: { planId: plan.id } });
    const { start } = usageMonth();

    await createTransaction(db, merchant.id, { createdAt: new Date(start.getTime() - 1) });
    await createTransaction(db, merchant.id, { createdAt: new Date(start.getTime() - 1) });
    await createTransaction(db, merchant.id, { status: "pending" });
    expect(await planLimitMessage(merchant.id)).toBeNull();

    await createTransaction(db, merchant.id);
    expect(await planLimitMessage(merchant.id)).toBeNull();
    await createTransaction(db, merchant.id, { status: "refunded" });
    expect(await planLimitMessage(merchant.id)).toBe(PLAN_LIMIT_MESSAGE);
    expect((await getMerchantPlanUsage(merchant.id)).isAtLimit).toBe(true);

    // Staff raising the limit (or moving the store) lets buyers in again at once.
    await db.plan.update({ where: { id: plan.id }, data: { monthlyTransactionLimit: 3 } });
    expect(await planLimitMessage(merchant.id)).toBeNull();
    await db.plan.update({ where: { id: plan.id }, data: { monthlyTransactionLimit: null } });
    await createTransaction(db, merchant.id);
    expect(await planLimitMessage(merchant.id)).toBeNull();
  });

  it("applies the default plan's limit to stores without a plan of their own", async () => {
    const { admin } = await staffOf("admin");
    const merchant = await createMerchant(db);
    await createTransaction(db, merchant.id);
    expect(await planLimitMessage(merchant.id)).toBeNull();

    const limited = await createPlan(db, { monthlyTransactionLimit: 1 });
    await admin.plans.setDefault({ id: limited.id });
    expect(await planLimitMessage(merchant.id)).toBe(PLAN_LIMIT_MESSAGE);
    // A store on an unlimited plan of its own is not held to the default's limit.
    const unlimited = await createPlan(db);
    await admin.plans.setForMerchant({ merchantId: merchant.id, planId: unlimited.id });
    expect(await planLimitMessage(merchant.id)).toBeNull();
  });
});
