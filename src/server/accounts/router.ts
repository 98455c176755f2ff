import { changePasswordSchema, requestPasswordResetSchema, resetPasswordSchema } from "~/schemas/auth";
import { createTRPCRouter, merchantProcedure, publicProcedure } from "~/server/api/trpc";
import {
  changePassword,
  getAccountStatus,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signOutOtherSessions,
} from "~/server/accounts/accounts";

// The merchant's own account (issue 13): password reset, e-mail verification, password change, sessions.
export const accountRouter = createTRPCRouter({
  /** 'Forgot password?': the same answer whether or not the e-mail has an account. */
  requestPasswordReset: publicProcedure.input(requestPasswordResetSchema).mutation(async ({ ctx, input }) => {
    await requestPasswordReset(input.email, ctx.ip);
    return { ok: true as const };
  }),

  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(async ({ input }) => {
    await resetPassword(input);
    return { ok: true as const };
  }),

  getStatus: merchantProcedure.query(({ ctx }) => getAccountStatus(ctx.merchantId)),

  resendVerification: merchantProcedure.mutation(({ ctx }) => resendVerification(ctx.merchantId)),

  changePassword: merchantProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => changePassword(ctx.merchantId, ctx.session?.sessionId ?? null, input)),

  signOutOtherSessions: merchantProcedure.mutation(({ ctx }) =>
    signOutOtherSessions(ctx.merchantId, ctx.session?.sessionId ?? null),
  ),
});
