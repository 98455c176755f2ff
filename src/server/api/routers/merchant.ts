import { merchantSignUpSchema } from "~/schemas/auth";
import { listCustomersSchema, listPaymentsSchema } from "~/schemas/merchant-payments";
import { updateStoreSettingsSchema } from "~/schemas/store-settings";
import { createTRPCRouter, merchantProcedure, publicProcedure } from "~/server/api/trpc";
import { consumeRateLimit } from "~/server/rate-limit";
import { signUpMerchant } from "~/server/services/accounts";
import { listCustomers, listPayments } from "~/server/services/merchant-payments";
import { z } from "zod";
import { getStoreSettings, removeStoreLogo, setStoreLogo, updateStoreSettings } from "~/server/services/store-settings";

export const merchantRouter = createTRPCRouter({
  /** Creates the account; the form then signs in through next-auth with the same credentials. */
  signUp: publicProcedure.input(merchantSignUpSchema).mutation(async ({ ctx, input }) => {
    await consumeRateLimit("signUpByIp", ctx.ip);
    const merchant = await signUpMerchant(input);
    return { id: merchant.id };
  }),

  getStoreSettings: merchantProcedure.query(({ ctx }) => getStoreSettings(ctx.merchantId)),

  updateStoreSettings: merchantProcedure
    .input(updateStoreSettingsSchema)
    .mutation(({ ctx, input }) => updateStoreSettings(ctx.merchantId, input)),

  setStoreLogo: merchantProcedure
    .input(z.object({ fileId: z.string().min(1) }))
    .mutation(({ ctx, input }) => setStoreLogo(ctx.merchantId, input.fileId)),

  removeStoreLogo: merchantProcedure.mutation(({ ctx }) => removeStoreLogo(ctx.merchantId)),

  listPayments: merchantProcedure
    .input(listPaymentsSchema)
    .query(({ ctx, input }) => listPayments(ctx.merchantId, input)),

  listCustomers: merchantProcedure
    .input(listCustomersSchema)
    .query(({ ctx, input }) => listCustomers(ctx.merchantId, input)),
});
