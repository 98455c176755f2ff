import { accountRouter } from "~/server/api/routers/account";
import { adminRouter } from "~/server/api/routers/admin";
import { analyticsRouter } from "~/server/api/routers/analytics";
import { checkoutRouter } from "~/server/api/routers/checkout";
import { discountsRouter } from "~/server/api/routers/discounts";
import { merchantRouter } from "~/server/api/routers/merchant";
import { pagesRouter } from "~/server/api/routers/pages";
import { sellPagesRouter } from "~/server/api/routers/sell-pages";
import { webhooksRouter } from "~/server/api/routers/webhooks";
import { wpsRouter } from "~/server/api/routers/wps";
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
