import { merchantSignUpSchema } from "~/schemas/auth";
import { cancelSubscriptionSchema, listSubscribersSchema, refundPaymentSchema } from "~/schemas/ledger";
import {
  getCustomerSchema,
  getPaymentSchema,
  getSubscriberSchema,
  listCustomersSchema,
  listPaymentsSchema,
} from "~/schemas/merchant-payments";
import { setStoreLogoSchema, setTimeZoneIfUnsetSchema, updateStoreSettingsSchema } from "~/schemas/store-settings";
import { createTRPCRouter, merchantProcedure, publicProcedure } from "~/server/api/trpc";
import { consumeRateLimit } from "~/server/platform/rate-limit";
import { signUpMerchant } from "~/server/accounts/accounts";
import { getCustomer, listCustomers } from "~/server/payments/customers";
import { getPayment, listPayments } from "~/server/payments/payments";
import { getMerchantPlanUsage } from "~/server/plans/plans";
import { refundPayment } from "~/server/payments/refunds";
import { getSubscriber, listSubscribers } from "~/server/subscriptions/subscribers";
import { cancelSubscription } from "~/server/subscriptions/subscriptions";
import {
  getStoreSettings,
  removeStoreLogo,
  saveTestCredentials,
  setStoreLogo,
  setTimeZoneIfUnset,
  updateStoreSettings,
} from "~/server/stores/settings";

export const merchantRouter = createTRPCRouter({
  /**
   * Creates the account, or mails the owner of a taken e-mail; the answer is the same, so it cannot be used to
   * find out who has an account. The form then tries to sign in with the same credentials.
   */
  signUp: publicProcedure.input(merchantSignUpSchema).mutation(async ({ ctx, input }) => {
    await consumeRateLimit("signUpByIp", ctx.ip);
    await signUpMerchant(input);
    return { ok: true as const };
  }),

  getStoreSettings: merchantProcedure.query(({ ctx }) => getStoreSettings(ctx.merchantId)),

  updateStoreSettings: merchantProcedure
    .input(updateStoreSettingsSchema)
    .mutation(({ ctx, input }) => updateStoreSettings(ctx.merchantId, input)),

  /** The dashboard's first visit: the browser's zone becomes the store's unless one is saved already. */
  setTimeZoneIfUnset: merchantProcedure
    .input(setTimeZoneIfUnsetSchema)
    .mutation(({ ctx, input }) => setTimeZoneIfUnset(ctx.merchantId, input)),

  setStoreLogo: merchantProcedure
    .input(setStoreLogoSchema)
    .mutation(({ ctx, input }) => setStoreLogo(ctx.merchantId, input.fileId)),

  removeStoreLogo: merchantProcedure.mutation(({ ctx }) => removeStoreLogo(ctx.merchantId)),

  /** 'Use test credentials': only while the app's PayPal sandbox is the local simulator (see the service). */
  connectTestCredentials: merchantProcedure.mutation(({ ctx }) => saveTestCredentials(ctx.merchantId)),

  /** Store Settings' plan card: the store's plan, this month's payments against its limit, and the fee accrued. */
  getPlanUsage: merchantProcedure.query(({ ctx }) => getMerchantPlanUsage(ctx.merchantId)),

  listPayments: merchantProcedure
    .input(listPaymentsSchema)
    .query(({ ctx, input }) => listPayments(ctx.merchantId, input)),

  getPayment: merchantProcedure.input(getPaymentSchema).query(({ ctx, input }) => getPayment(ctx.merchantId, input)),

  /** The Refund dialog: the dialog's idempotency key makes a double click or a retry one refund at PayPal. */
  refundPayment: merchantProcedure
    .input(refundPaymentSchema)
    .mutation(({ ctx, input }) => refundPayment(ctx.merchantId, input)),

  listCustomers: merchantProcedure
    .input(listCustomersSchema)
    .query(({ ctx, input }) => listCustomers(ctx.merchantId, input)),

  getCustomer: merchantProcedure.input(getCustomerSchema).query(({ ctx, input }) => getCustomer(ctx.merchantId, input)),

  listSubscribers: merchantProcedure
    .input(listSubscribersSchema)
    .query(({ ctx, input }) => listSubscribers(ctx.merchantId, input)),

  getSubscriber: merchantProcedure
    .input(getSubscriberSchema)
    .query(({ ctx, input }) => getSubscriber(ctx.merchantId, input)),

  cancelSubscription: merchantProcedure
    .input(cancelSubscriptionSchema)
    .mutation(({ ctx, input }) => cancelSubscription(ctx.merchantId, input)),
});
