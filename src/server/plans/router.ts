import { createPlanSchema, planIdSchema, setMerchantPlanSchema, updatePlanSchema } from "~/schemas/plans";
import { merchantIdSchema } from "~/schemas/staff";
import { createTRPCRouter, merchantProcedure, staffMutation, staffProcedure, staffQuery } from "~/server/api/trpc";
import {
  createPlan,
  deletePlan,
  getMerchantPlanUsage,
  getStaffMerchantPlan,
  listPlans,
  setDefaultPlan,
  setMerchantPlan,
  updatePlan,
} from "~/server/plans/plans";

/** merchant.plan.*: Store Settings' plan card: the plan, this month's payments against its limit, the fee so far. */
export const storePlanRouter = createTRPCRouter({
  usage: merchantProcedure.query(({ ctx }) => getMerchantPlanUsage(ctx.merchantId)),
});

/** admin.plans.*: operators read the plans, admins change them (each change audited) and move stores between them. */
export const staffPlansRouter = createTRPCRouter({
  list: staffProcedure("operator").query(({ ctx }) => listPlans(ctx.staff)),
  create: staffMutation("admin", createPlanSchema, createPlan),
  update: staffMutation("admin", updatePlanSchema, updatePlan),
  setDefault: staffMutation("admin", planIdSchema, setDefaultPlan),
  delete: staffMutation("admin", planIdSchema, deletePlan),
  /** A store's plan and this month's usage, with the plans staff may move it to. */
  forMerchant: staffQuery("operator", merchantIdSchema, (staff, input) => getStaffMerchantPlan(staff, input.id)),
  setForMerchant: staffMutation("admin", setMerchantPlanSchema, setMerchantPlan),
});
