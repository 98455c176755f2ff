// The five routers of the design card, each made of its domains' sub-routers (defined in src/server/<domain>/).
import { accountRouter } from "~/server/accounts/router";
import { apiKeysRouter } from "~/server/api-keys/router";
import { analyticsRouter } from "~/server/analytics/router";
import { createCallerFactory, createTRPCRouter } from "~/server/api/trpc";
import { discountsRouter } from "~/server/discounts/router";
import { disputesRouter } from "~/server/disputes/router";
import { licensesRouter } from "~/server/licenses/router";
import { webhooksRouter } from "~/server/merchant-webhooks/router";
import { paymentButtonsRouter, popCountsProcedure } from "~/server/payment-buttons/router";
import { customersRouter, paymentsRouter } from "~/server/payments/router";
import { staffPlansRouter, storePlanRouter } from "~/server/plans/router";
import { sellPagesRouter } from "~/server/sell-pages/router";
import {
  staffAuditRouter,
  staffJobsRouter,
  staffMeProcedure,
  staffMerchantsRouter,
  staffOverviewProcedure,
  staffProfileRouter,
  staffTransactionsRouter,
  staffUsersRouter,
} from "~/server/staff/router";
import { onboardingRouter, storeRouter } from "~/server/stores/router";
import { subscriptionsRouter } from "~/server/subscriptions/router";
import { wpsRouter } from "~/server/wps/router";

export const appRouter = createTRPCRouter({
  /** The seller's store: account, settings, plan, money, buyers, codes, webhooks, checklist. */
  merchant: createTRPCRouter({
    account: accountRouter,
    store: storeRouter,
    plan: storePlanRouter,
    onboarding: onboardingRouter,
    payments: paymentsRouter,
    disputes: disputesRouter,
    customers: customersRouter,
    subscriptions: subscriptionsRouter,
    discounts: discountsRouter,
    licenses: licensesRouter,
    webhooks: webhooksRouter,
    apiKeys: apiKeysRouter,
  }),
  /** The seller's POPs: payment buttons and digital sell pages (WPS buttons have their own router). */
  pages: createTRPCRouter({
    counts: popCountsProcedure,
    buttons: paymentButtonsRouter,
    sellPages: sellPagesRouter,
  }),
  wps: wpsRouter,
  analytics: analyticsRouter,
  /** The staff portal. */
  admin: createTRPCRouter({
    me: staffMeProcedure,
    overview: staffOverviewProcedure,
    users: staffUsersRouter,
    merchants: staffMerchantsRouter,
    plans: staffPlansRouter,
    transactions: staffTransactionsRouter,
    audit: staffAuditRouter,
    profile: staffProfileRouter,
    jobs: staffJobsRouter,
  }),
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
