import {
  importLicenseKeysSchema,
  licenseButtonSchema,
  licenseKeyIdSchema,
  licensePolicySchema,
  listLicenseKeysSchema,
  setLicenseExpirySchema,
} from "~/schemas/licenses";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import { getLicenseSettings, importLicenseKeys, saveLicensePolicy } from "~/server/licenses/policies";
import {
  disableLicenseKey,
  enableLicenseKey,
  replaceLicenseKey,
  resetLicenseActivations,
  setLicenseExpiry,
} from "~/server/licenses/seller-key-actions";
import { getLicenseKey, licensedPops, listLicenseKeys } from "~/server/licenses/seller-keys";

/**
 * License keys: each POP's settings and pool (merchant.licenses.settings/save/importKeys), and the seller's
 * License keys screen: the issued keys (list, get, pops), and what a seller does to one key.
 */
export const licensesRouter = createTRPCRouter({
  settings: merchantProcedure
    .input(licenseButtonSchema)
    .query(({ ctx, input }) => getLicenseSettings(ctx.merchantId, input.buttonId)),

  save: merchantProcedure
    .input(licensePolicySchema)
    .mutation(({ ctx, input }) => saveLicensePolicy(ctx.merchantId, input)),

  importKeys: merchantProcedure
    .input(importLicenseKeysSchema)
    .mutation(({ ctx, input }) => importLicenseKeys(ctx.merchantId, input)),

  list: merchantProcedure
    .input(listLicenseKeysSchema)
    .query(({ ctx, input }) => listLicenseKeys(ctx.merchantId, input)),

  get: merchantProcedure.input(licenseKeyIdSchema).query(({ ctx, input }) => getLicenseKey(ctx.merchantId, input.id)),

  /** The list's POP filter: buttons and bundles that issue keys or issued some. */
  pops: merchantProcedure.query(({ ctx }) => licensedPops(ctx.merchantId)),

  disable: merchantProcedure
    .input(licenseKeyIdSchema)
    .mutation(({ ctx, input }) => disableLicenseKey(ctx.merchantId, input.id)),

  enable: merchantProcedure
    .input(licenseKeyIdSchema)
    .mutation(({ ctx, input }) => enableLicenseKey(ctx.merchantId, input.id)),

  resetActivations: merchantProcedure
    .input(licenseKeyIdSchema)
    .mutation(({ ctx, input }) => resetLicenseActivations(ctx.merchantId, input.id)),

  setExpiry: merchantProcedure
    .input(setLicenseExpirySchema)
    .mutation(({ ctx, input }) => setLicenseExpiry(ctx.merchantId, input)),

  /** A new key for the same purchase; the old one is disabled. Answers with the new key's id. */
  replace: merchantProcedure
    .input(licenseKeyIdSchema)
    .mutation(({ ctx, input }) => replaceLicenseKey(ctx.merchantId, input.id)),
});
