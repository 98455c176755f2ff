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
import { createTRPCRouter, staffMutation, staffProcedure, staffQuery } from "~/server/api/trpc";
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
  list: staffQuery("operator", listSaasUsersSchema, listStaffUsers),
  create: staffMutation("admin", createSaasUserSchema, createStaffUser),
  update: staffMutation("admin", updateSaasUserSchema, updateStaffUser),
  resetPassword: staffProcedure("admin")
    .input(resetSaasUserPasswordSchema)
    .mutation(({ ctx, input }) => resetStaffPassword(ctx.staff, input, ctx.session?.sessionId ?? null)),
  delete: staffMutation("admin", saasUserIdSchema, deleteStaffUser),
});

export const staffMerchantsRouter = createTRPCRouter({
  list: staffQuery("operator", listMerchantsSchema, (_staff, input) => listMerchants(input)),
  get: staffQuery("operator", merchantIdSchema, (_staff, input) => getMerchantDetail(input.id)),
  detail: staffQuery("operator", merchantDetailSchema, getStaffMerchantDetail),
  listPops: staffQuery("operator", listMerchantPopsSchema, (_staff, input) => listMerchantPops(input)),
  suspend: staffMutation("admin", merchantIdSchema, suspendMerchant),
  resume: staffMutation("admin", merchantIdSchema, resumeMerchant),
});

export const staffTransactionsRouter = createTRPCRouter({
  list: staffQuery("operator", listTransactionsSchema, (_staff, input) => listAllTransactions(input)),
});

export const staffAuditRouter = createTRPCRouter({
  list: staffQuery("super_admin", listAuditLogSchema, (_staff, input) => listAuditLog(input)),
});

/** The signed-in staff member's own profile and password. */
export const staffProfileRouter = createTRPCRouter({
  get: staffProcedure("operator").query(({ ctx }) => getOwnAccount(ctx.staff.id)),
  update: staffMutation("operator", updateOwnProfileSchema, updateOwnProfile),
  changePassword: staffProcedure("operator")
    .input(changeOwnPasswordSchema)
    .mutation(({ ctx, input }) => changeOwnPassword(ctx.staff, input, ctx.session?.sessionId ?? null)),
});

/** Failed background jobs and PayPal events that stalled, with a retry for each. */
export const staffJobsRouter = createTRPCRouter({
  listFailed: staffProcedure("operator").query(({ ctx }) => listFailedJobs(ctx.staff)),
  retry: staffMutation("admin", failedJobIdSchema, retryFailedJob),
  listStalledPayPalEvents: staffProcedure("operator").query(({ ctx }) => listStalledPayPalEvents(ctx.staff)),
  retryPayPalEvent: staffMutation("admin", payPalEventIdSchema, retryPayPalEvent),
});
