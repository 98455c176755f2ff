import {
  importLicenseKeysSchema,
  licenseButtonSchema,
  licenseKeyIdSchema,
  licensePolicySchema,
  listLicenseKeysSchema,
  setLicenseExpirySchema,
} from "~/schemas/licenses";
import { merchantMutation, merchantQuery } from "~/server/api/merchant-resource";
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
  settings: merchantQuery(licenseButtonSchema, (merchantId, input) => getLicenseSettings(merchantId, input.buttonId)),
  save: merchantMutation(licensePolicySchema, saveLicensePolicy),
  importKeys: merchantMutation(importLicenseKeysSchema, importLicenseKeys),

  list: merchantQuery(listLicenseKeysSchema, listLicenseKeys),
  get: merchantQuery(licenseKeyIdSchema, (merchantId, input) => getLicenseKey(merchantId, input.id)),
  /** The list's POP filter: buttons and bundles that issue keys or issued some. */
  pops: merchantProcedure.query(({ ctx }) => licensedPops(ctx.merchantId)),

  disable: merchantMutation(licenseKeyIdSchema, (merchantId, input) => disableLicenseKey(merchantId, input.id)),
  enable: merchantMutation(licenseKeyIdSchema, (merchantId, input) => enableLicenseKey(merchantId, input.id)),
  resetActivations: merchantMutation(licenseKeyIdSchema, (merchantId, input) =>
    resetLicenseActivations(merchantId, input.id),
  ),
  setExpiry: merchantMutation(setLicenseExpirySchema, setLicenseExpiry),
  /** A new key for the same purchase; the old one is disabled. Answers with the new key's id. */
  replace: merchantMutation(licenseKeyIdSchema, (merchantId, input) => replaceLicenseKey(merchantId, input.id)),
});
