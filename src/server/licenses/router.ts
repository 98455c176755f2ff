import { z } from "zod";
import { importLicenseKeysSchema, licensePolicySchema } from "~/schemas/licenses";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import { getLicenseSettings, importLicenseKeys, saveLicensePolicy } from "~/server/licenses/policies";

/** License keys: each POP's settings and pool (merchant.licenses.settings/save/importKeys). */
export const licensesRouter = createTRPCRouter({
  settings: merchantProcedure
    .input(z.object({ buttonId: z.string().min(1).max(64) }))
    .query(({ ctx, input }) => getLicenseSettings(ctx.merchantId, input.buttonId)),

  save: merchantProcedure
    .input(licensePolicySchema)
    .mutation(({ ctx, input }) => saveLicensePolicy(ctx.merchantId, input)),

  importKeys: merchantProcedure
    .input(importLicenseKeysSchema)
    .mutation(({ ctx, input }) => importLicenseKeys(ctx.merchantId, input)),
});
