import { accountRouter } from "~/server/accounts/router";
import { adminRouter } from "~/server/staff/router";
import { analyticsRouter } from "~/server/analytics/router";
import { checkoutRouter } from "~/server/checkout/router";
import { discountsRouter } from "~/server/discounts/router";
import { merchantRouter } from "~/server/payments/router";
import { pagesRouter } from "~/server/payment-buttons/router";
import { sellPagesRouter } from "~/server/sell-pages/router";
import { webhooksRouter } from "~/server/merchant-webhooks/router";
import { wpsRouter } from "~/server/wps/router";
import { createCallerFactory, createTRPCRouter } from "~/server/api/trpc";

export const appRouter = createTRPCRouter({
  merchant: merchantRouter,
  account: accountRouter,
  pages: pagesRouter,
  sellPages: sellPagesRouter,
  wps: wpsRouter,
  analytics: analyticsRouter,
  admin: adminRouter,
  checkout: checkoutRouter,
  discounts: discountsRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
