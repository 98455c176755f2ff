import {
  setStoreLogoSchema,
  setTimeZoneIfUnsetSchema,
  updateCustomerPortalSchema,
  updateStoreSettingsSchema,
} from "~/schemas/stores";
import { updateShippingSchema } from "~/schemas/shipping";
import { updateStorePageSchema } from "~/schemas/store-page";
import { merchantMutation } from "~/server/api/merchant-resource";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import { getCustomerPortalSettings, updateCustomerPortalSettings } from "~/server/stores/customer-portal";
import { dismissOnboarding, getOnboarding } from "~/server/stores/onboarding";
import { getShippingSettings, updateShipping } from "~/server/stores/shipping";
import { getStorePageSettings, updateStorePage } from "~/server/stores/store-page";
import {
  getStoreSettings,
  removeStoreLogo,
  saveTestCredentials,
  setStoreLogo,
  setTimeZoneIfUnset,
  updateStoreSettings,
} from "~/server/stores/settings";

/** merchant.store.*: Store Settings (PayPal credentials, branding, time zone, customer portal, store page). */
export const storeRouter = createTRPCRouter({
  get: merchantProcedure.query(({ ctx }) => getStoreSettings(ctx.merchantId)),

  update: merchantMutation(updateStoreSettingsSchema, updateStoreSettings),

  /** The dashboard's first visit: the browser's zone becomes the store's unless one is saved already. */
  setTimeZoneIfUnset: merchantMutation(setTimeZoneIfUnsetSchema, setTimeZoneIfUnset),

  setLogo: merchantMutation(setStoreLogoSchema, (merchantId, input) => setStoreLogo(merchantId, input.fileId)),

  removeLogo: merchantProcedure.mutation(({ ctx }) => removeStoreLogo(ctx.merchantId)),

  /** 'Use test credentials': only while the app's PayPal sandbox is the local simulator (see the service). */
  connectTestCredentials: merchantProcedure.mutation(({ ctx }) => saveTestCredentials(ctx.merchantId)),

  /** The "Customer portal" card: pausing, switchable plans, and the business details printed on invoices. */
  customerPortal: merchantProcedure.query(({ ctx }) => getCustomerPortalSettings(ctx.merchantId)),

  updateCustomerPortal: merchantMutation(updateCustomerPortalSchema, updateCustomerPortalSettings),

  /** The "Store page" card: the store's address /s/{handle}, whether it is on, and which POPs it lists in order. */
  storePage: merchantProcedure.query(({ ctx }) => getStorePageSettings(ctx.merchantId)),

  updateStorePage: merchantMutation(updateStorePageSchema, updateStorePage),

  /** Settings › Shipping & tax: zones with their rates, and sales tax rates by country or state. */
  shipping: merchantProcedure.query(({ ctx }) => getShippingSettings(ctx.merchantId)),

  updateShipping: merchantMutation(updateShippingSchema, updateShipping),
});

/** merchant.onboarding.*: the dashboard's getting-started checklist, each step read from the store's real state. */
export const onboardingRouter = createTRPCRouter({
  get: merchantProcedure.query(({ ctx }) => getOnboarding(ctx.merchantId)),

  /** Hides the checklist for good. */
  dismiss: merchantProcedure.mutation(({ ctx }) => dismissOnboarding(ctx.merchantId)),
});
