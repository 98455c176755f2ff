import {
  setStoreLogoSchema,
  setTimeZoneIfUnsetSchema,
  updateCustomerPortalSchema,
  updateStoreSettingsSchema,
} from "~/schemas/stores";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import { getCustomerPortalSettings, updateCustomerPortalSettings } from "~/server/stores/customer-portal";
import { dismissOnboarding, getOnboarding } from "~/server/stores/onboarding";
import {
  getStoreSettings,
  removeStoreLogo,
  saveTestCredentials,
  setStoreLogo,
  setTimeZoneIfUnset,
  updateStoreSettings,
} from "~/server/stores/settings";

/** merchant.store.*: Store Settings (PayPal credentials, branding, time zone, customer portal). */
export const storeRouter = createTRPCRouter({
  get: merchantProcedure.query(({ ctx }) => getStoreSettings(ctx.merchantId)),

  update: merchantProcedure
    .input(updateStoreSettingsSchema)
    .mutation(({ ctx, input }) => updateStoreSettings(ctx.merchantId, input)),

  /** The dashboard's first visit: the browser's zone becomes the store's unless one is saved already. */
  setTimeZoneIfUnset: merchantProcedure
    .input(setTimeZoneIfUnsetSchema)
    .mutation(({ ctx, input }) => setTimeZoneIfUnset(ctx.merchantId, input)),

  setLogo: merchantProcedure
    .input(setStoreLogoSchema)
    .mutation(({ ctx, input }) => setStoreLogo(ctx.merchantId, input.fileId)),

  removeLogo: merchantProcedure.mutation(({ ctx }) => removeStoreLogo(ctx.merchantId)),

  /** 'Use test credentials': only while the app's PayPal sandbox is the local simulator (see the service). */
  connectTestCredentials: merchantProcedure.mutation(({ ctx }) => saveTestCredentials(ctx.merchantId)),

  /** The "Customer portal" card: pausing, switchable plans, and the business details printed on invoices. */
  customerPortal: merchantProcedure.query(({ ctx }) => getCustomerPortalSettings(ctx.merchantId)),

  updateCustomerPortal: merchantProcedure
    .input(updateCustomerPortalSchema)
    .mutation(({ ctx, input }) => updateCustomerPortalSettings(ctx.merchantId, input)),
});

/** merchant.onboarding.*: the dashboard's getting-started checklist, each step read from the store's real state. */
export const onboardingRouter = createTRPCRouter({
  get: merchantProcedure.query(({ ctx }) => getOnboarding(ctx.merchantId)),

  /** Hides the checklist for good. */
  dismiss: merchantProcedure.mutation(({ ctx }) => dismissOnboarding(ctx.merchantId)),
});
