import {
  changeOwnPasswordSchema,
  createSaasUserSchema,
  failedJobIdSchema,
  listAuditLogSchema,
  listMerchantPopsSchema,
  listMerchantsSchema,
  listSaasUsersSchema,
  listTransactionsSchema,
  merchantDetailSchema,
  merchantIdSchema,
  payPalEventIdSchema,
  resetSaasUserPasswordSchema,
  saasUserIdSchema,
  updateOwnProfileSchema,
  updateSaasUserSchema,
} from "~/schemas/staff";
import { createPlanSchema, planIdSchema, setMerchantPlanSchema, updatePlanSchema } from "~/schemas/plans";
import { createTRPCRouter, staffProcedure } from "~/server/api/trpc";
import { listAuditLog } from "~/server/staff/audit";
import {
  createPlan,
  deletePlan,
  getStaffMerchantPlan,
  listPlans,
  setDefaultPlan,
  setMerchantPlan,
  updatePlan,
} from "~/server/plans/plans";
import {
  changeOwnPassword,
  createStaffUser,
  deleteStaffUser,
  getOwnAccount,
  listStaffUsers,
  resetStaffPassword,
  updateOwnProfile,
  updateStaffUser,
} from "~/server/staff/users";
import {
  getMerchantDetail,
  listAllTransactions,
  listMerchantPops,
  listMerchants,
  platformOverview,
} from "~/server/staff/reports";
import { getStaffMerchantDetail, resumeMerchant, suspendMerchant } from "~/server/staff/merchants";
import { listFailedJobs, listStalledPayPalEvents, retryFailedJob, retryPayPalEvent } from "~/server/staff/jobs";

// The minimum role here is the coarse gate; which users an admin may touch is decided in the staff service
// (SPEC 6: admins manage only the operators they created).
export const adminRouter = createTRPCRouter({
  /** The signed-in staff member as stored now (role or status may have changed since sign-in). */
  me: staffProcedure("operator").query(({ ctx }) => ({
    id: ctx.staff.id,
    name: ctx.staff.name,
    username: ctx.staff.username,
    email: ctx.staff.email,
    role: ctx.staff.role,
  })),

  overview: staffProcedure("operator").query(() => platformOverview()),

  listUsers: staffProcedure("operator")
    .input(listSaasUsersSchema)
    .query(({ ctx, input }) => listStaffUsers(ctx.staff, input)),

  createUser: staffProcedure("admin")
    .input(createSaasUserSchema)
    .mutation(({ ctx, input }) => createStaffUser(ctx.staff, input)),

  updateUser: staffProcedure("admin")
    .input(updateSaasUserSchema)
    .mutation(({ ctx, input }) => updateStaffUser(ctx.staff, input)),

  resetUserPassword: staffProcedure("admin")
    .input(resetSaasUserPasswordSchema)
    .mutation(({ ctx, input }) => resetStaffPassword(ctx.staff, input, ctx.session?.sessionId ?? null)),

  deleteUser: staffProcedure("admin")
    .input(saasUserIdSchema)
    .mutation(({ ctx, input }) => deleteStaffUser(ctx.staff, input)),

  listMerchants: staffProcedure("operator")
    .input(listMerchantsSchema)
    .query(({ input }) => listMerchants(input)),

  getMerchant: staffProcedure("operator")
    .input(merchantIdSchema)
    .query(({ input }) => getMerchantDetail(input.id)),

  merchantDetail: staffProcedure("operator")
    .input(merchantDetailSchema)
    .query(({ ctx, input }) => getStaffMerchantDetail(ctx.staff, input)),

  suspendMerchant: staffProcedure("admin")
    .input(merchantIdSchema)
    .mutation(({ ctx, input }) => suspendMerchant(ctx.staff, input)),

  resumeMerchant: staffProcedure("admin")
    .input(merchantIdSchema)
    .mutation(({ ctx, input }) => resumeMerchant(ctx.staff, input)),

  /** The merchant's plan and this month's usage, with the plans staff may move it to (issue 16). */
  merchantPlan: staffProcedure("operator")
    .input(merchantIdSchema)
    .query(({ ctx, input }) => getStaffMerchantPlan(ctx.staff, input.id)),

  setMerchantPlan: staffProcedure("admin")
    .input(setMerchantPlanSchema)
    .mutation(({ ctx, input }) => setMerchantPlan(ctx.staff, input)),

  // Plans (admin Settings): operators read them, admins and super admins change them, each change audited.
  listPlans: staffProcedure("operator").query(({ ctx }) => listPlans(ctx.staff)),

  createPlan: staffProcedure("admin")
    .input(createPlanSchema)
    .mutation(({ ctx, input }) => createPlan(ctx.staff, input)),

  updatePlan: staffProcedure("admin")
    .input(updatePlanSchema)
    .mutation(({ ctx, input }) => updatePlan(ctx.staff, input)),

  setDefaultPlan: staffProcedure("admin")
    .input(planIdSchema)
    .mutation(({ ctx, input }) => setDefaultPlan(ctx.staff, input)),

  deletePlan: staffProcedure("admin")
    .input(planIdSchema)
    .mutation(({ ctx, input }) => deletePlan(ctx.staff, input)),

  listMerchantPops: staffProcedure("operator")
    .input(listMerchantPopsSchema)
    .query(({ input }) => listMerchantPops(input)),

  listTransactions: staffProcedure("operator")
    .input(listTransactionsSchema)
    .query(({ input }) => listAllTransactions(input)),

  listAuditLog: staffProcedure("super_admin")
    .input(listAuditLogSchema)
    .query(({ input }) => listAuditLog(input)),

  getOwnAccount: staffProcedure("operator").query(({ ctx }) => getOwnAccount(ctx.staff.id)),

  updateOwnProfile: staffProcedure("operator")
    .input(updateOwnProfileSchema)
    .mutation(({ ctx, input }) => updateOwnProfile(ctx.staff, input)),

  changeOwnPassword: staffProcedure("operator")
    .input(changeOwnPasswordSchema)
    .mutation(({ ctx, input }) => changeOwnPassword(ctx.staff, input, ctx.session?.sessionId ?? null)),

  listFailedJobs: staffProcedure("operator").query(({ ctx }) => listFailedJobs(ctx.staff)),

  retryFailedJob: staffProcedure("admin")
    .input(failedJobIdSchema)
    .mutation(({ ctx, input }) => retryFailedJob(ctx.staff, input)),

  listStalledPayPalEvents: staffProcedure("operator").query(({ ctx }) => listStalledPayPalEvents(ctx.staff)),

  retryPayPalEvent: staffProcedure("admin")
    .input(payPalEventIdSchema)
    .mutation(({ ctx, input }) => retryPayPalEvent(ctx.staff, input)),
});
