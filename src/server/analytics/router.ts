import { buttonAnalyticsSchema, dashboardAnalyticsSchema } from "~/schemas/analytics";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import { wpsAnalyticsSchema } from "~/schemas/wps";
import { getDashboard } from "~/server/analytics/analytics";
import { getButtonAnalytics, getWpsButtonAnalytics } from "~/server/analytics/pop-analytics";

export const analyticsRouter = createTRPCRouter({
  /** One payment button's figures for a period: its analytics dialog. */
  forButton: merchantProcedure
    .input(buttonAnalyticsSchema)
    .query(({ ctx, input }) => getButtonAnalytics(ctx.merchantId, input)),

  /** The same figures for a WPS button, from its WPS payments. */
  forWpsButton: merchantProcedure
    .input(wpsAnalyticsSchema)
    .query(({ ctx, input }) => getWpsButtonAnalytics(ctx.merchantId, input)),

  /** The dashboard home's tiles, revenue chart and top pages for a range. */
  dashboard: merchantProcedure
    .input(dashboardAnalyticsSchema)
    .query(({ ctx, input }) => getDashboard(ctx.merchantId, input)),
});
