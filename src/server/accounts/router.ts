import { z } from "zod";
import {
  changePasswordSchema,
  merchantSignUpSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
} from "~/schemas/accounts";
import { createTRPCRouter, merchantProcedure, publicProcedure } from "~/server/api/trpc";
import {
  changePassword,
  getAccountStatus,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signOutOtherSessions,
  signUpMerchant,
} from "~/server/accounts/accounts";
import { consumeRateLimit } from "~/server/platform/rate-limit";

// merchant.account.*: the merchant's own account: sign-up, password reset, e-mail verification, password
// change, sessions.

/** What a signed-out visitor gets back: an acknowledgement only, so no answer tells who has an account. */
const acknowledged = z.object({ ok: z.literal(true) });

export const accountRouter = createTRPCRouter({
  /**
   * Creates the account, or mails the owner of a taken e-mail; the answer is the same, so it cannot be used to
   * find out who has an account. The form then tries to sign in with the same credentials.
   */
  signUp: publicProcedure
    .input(merchantSignUpSchema)
    .output(acknowledged)
    .mutation(async ({ ctx, input }) => {
      await consumeRateLimit("signUpByIp", ctx.ip);
      await signUpMerchant(input);
      return { ok: true as const };
    }),

  /** 'Forgot password?': the same answer whether or not the e-mail has an account. */
  requestPasswordReset: publicProcedure
    .input(requestPasswordResetSchema)
    .output(acknowledged)
    .mutation(async ({ ctx, input }) => {
      await requestPasswordReset(input.email, ctx.ip);
      return { ok: true as const };
    }),

  resetPassword: publicProcedure
    .input(resetPasswordSchema)
    .output(acknowledged)
    .mutation(async ({ input }) => {
      await resetPassword(input);
      return { ok: true as const };
    }),

  status: merchantProcedure.query(({ ctx }) => getAccountStatus(ctx.merchantId)),

  resendVerification: merchantProcedure.mutation(({ ctx }) => resendVerification(ctx.merchantId)),

  changePassword: merchantProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => changePassword(ctx.merchantId, ctx.session?.sessionId ?? null, input)),

  signOutOtherSessions: merchantProcedure.mutation(({ ctx }) =>
    signOutOtherSessions(ctx.merchantId, ctx.session?.sessionId ?? null),
  ),
});
