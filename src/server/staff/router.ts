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
import { createTRPCRouter, staffProcedure } from "~/server/api/trpc";
import { listAuditLog } from "~/server/staff/audit";
import { listFailedJobs, listStalledPayPalEvents, retryFailedJob, retryPayPalEvent } from "~/server/staff/jobs";
import { getStaffMerchantDetail, resumeMerchant, suspendMerchant } from "~/server/staff/merchants";
import { getMerchantDetail, listMerchantPops, listMerchants, platformOverview } from "~/server/staff/reports";
import { listAllTransactions } from "~/server/staff/transactions";
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

// The staff portal's sub-routers (admin.*). Each procedure's minimum role is the coarse gate; which users an
// admin may touch is decided in the staff service: admins manage only the operators they created.

/** The signed-in staff member as stored now (role or status may have changed since sign-in). */
export const staffMeProcedure = staffProcedure("operator").query(({ ctx }) => ({
  id: ctx.staff.id,
  name: ctx.staff.name,
  username: ctx.staff.username,
  email: ctx.staff.email,
  role: ctx.staff.role,
}));

export const staffOverviewProcedure = staffProcedure("operator").query(() => platformOverview());

export const staffUsersRouter = createTRPCRouter({
  list: staffProcedure("operator")
    .input(listSaasUsersSchema)
    .query(({ ctx, input }) => listStaffUsers(ctx.staff, input)),
  create: staffProcedure("admin")
    .input(createSaasUserSchema)
    .mutation(({ ctx, input }) => createStaffUser(ctx.staff, input)),
  update: staffProcedure("admin")
    .input(updateSaasUserSchema)
    .mutation(({ ctx, input }) => updateStaffUser(ctx.staff, input)),
  resetPassword: staffProcedure("admin")
    .input(resetSaasUserPasswordSchema)
    .mutation(({ ctx, input }) => resetStaffPassword(ctx.staff, input, ctx.session?.sessionId ?? null)),
  delete: staffProcedure("admin")
    .input(saasUserIdSchema)
    .mutation(({ ctx, input }) => deleteStaffUser(ctx.staff, input)),
});

export const staffMerchantsRouter = createTRPCRouter({
  list: staffProcedure("operator")
    .input(listMerchantsSchema)
    .query(({ input }) => listMerchants(input)),
  get: staffProcedure("operator")
    .input(merchantIdSchema)
    .query(({ input }) => getMerchantDetail(input.id)),
  detail: staffProcedure("operator")
    .input(merchantDetailSchema)
    .query(({ ctx, input }) => getStaffMerchantDetail(ctx.staff, input)),
  listPops: staffProcedure("operator")
    .input(listMerchantPopsSchema)
    .query(({ input }) => listMerchantPops(input)),
  suspend: staffProcedure("admin")
    .input(merchantIdSchema)
    .mutation(({ ctx, input }) => suspendMerchant(ctx.staff, input)),
  resume: staffProcedure("admin")
    .input(merchantIdSchema)
    .mutation(({ ctx, input }) => resumeMerchant(ctx.staff, input)),
});

export const staffTransactionsRouter = createTRPCRouter({
  list: staffProcedure("operator")
    .input(listTransactionsSchema)
    .query(({ input }) => listAllTransactions(input)),
});

export const staffAuditRouter = createTRPCRouter({
  list: staffProcedure("super_admin")
    .input(listAuditLogSchema)
    .query(({ input }) => listAuditLog(input)),
});

/** The signed-in staff member's own profile and password. */
export const staffProfileRouter = createTRPCRouter({
  get: staffProcedure("operator").query(({ ctx }) => getOwnAccount(ctx.staff.id)),
  update: staffProcedure("operator")
    .input(updateOwnProfileSchema)
    .mutation(({ ctx, input }) => updateOwnProfile(ctx.staff, input)),
  changePassword: staffProcedure("operator")
    .input(changeOwnPasswordSchema)
    .mutation(({ ctx, input }) => changeOwnPassword(ctx.staff, input, ctx.session?.sessionId ?? null)),
});

/** Failed background jobs and PayPal events that stalled, with a retry for each. */
export const staffJobsRouter = createTRPCRouter({
  listFailed: staffProcedure("operator").query(({ ctx }) => listFailedJobs(ctx.staff)),
  retry: staffProcedure("admin")
    .input(failedJobIdSchema)
    .mutation(({ ctx, input }) => retryFailedJob(ctx.staff, input)),
  listStalledPayPalEvents: staffProcedure("operator").query(({ ctx }) => listStalledPayPalEvents(ctx.staff)),
  retryPayPalEvent: staffProcedure("admin")
    .input(payPalEventIdSchema)
    .mutation(({ ctx, input }) => retryPayPalEvent(ctx.staff, input)),
});
