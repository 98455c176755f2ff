import { createPlanSchema, planIdSchema, setMerchantPlanSchema, updatePlanSchema } from "~/schemas/plans";
import { merchantIdSchema } from "~/schemas/staff";
import { createTRPCRouter, merchantProcedure, staffProcedure } from "~/server/api/trpc";
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
  create: staffProcedure("admin")
    .input(createPlanSchema)
    .mutation(({ ctx, input }) => createPlan(ctx.staff, input)),
  update: staffProcedure("admin")
    .input(updatePlanSchema)
    .mutation(({ ctx, input }) => updatePlan(ctx.staff, input)),
  setDefault: staffProcedure("admin")
    .input(planIdSchema)
    .mutation(({ ctx, input }) => setDefaultPlan(ctx.staff, input)),
  delete: staffProcedure("admin")
    .input(planIdSchema)
    .mutation(({ ctx, input }) => deletePlan(ctx.staff, input)),
  /** A store's plan and this month's usage, with the plans staff may move it to. */
  forMerchant: staffProcedure("operator")
    .input(merchantIdSchema)
    .query(({ ctx, input }) => getStaffMerchantPlan(ctx.staff, input.id)),
  setForMerchant: staffProcedure("admin")
    .input(setMerchantPlanSchema)
    .mutation(({ ctx, input }) => setMerchantPlan(ctx.staff, input)),
});
