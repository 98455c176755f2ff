import { buttonAnalyticsSchema, dashboardAnalyticsSchema } from "~/schemas/analytics";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import { wpsAnalyticsSchema } from "~/schemas/wps";
import { getButtonAnalytics, getDashboard, getWpsButtonAnalytics } from "~/server/analytics/analytics";

export const analyticsRouter = createTRPCRouter({
  /** SPEC 2.12: one payment button's figures for a period. */
  forButton: merchantProcedure
    .input(buttonAnalyticsSchema)
    .query(({ ctx, input }) => getButtonAnalytics(ctx.merchantId, input)),

  /** The same figures for a WPS button, from its WPS payments (issue 11). */
  forWpsButton: merchantProcedure
    .input(wpsAnalyticsSchema)
    .query(({ ctx, input }) => getWpsButtonAnalytics(ctx.merchantId, input)),

  /** SPEC 2.5: the dashboard home's tiles, revenue chart and top pages for a range. */
  dashboard: merchantProcedure
    .input(dashboardAnalyticsSchema)
    .query(({ ctx, input }) => getDashboard(ctx.merchantId, input)),
});
