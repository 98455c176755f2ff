import { buttonAnalyticsSchema, dashboardAnalyticsSchema } from "~/schemas/analytics";
import { merchantQuery } from "~/server/api/merchant-resource";
import { createTRPCRouter } from "~/server/api/trpc";
import { wpsAnalyticsSchema } from "~/schemas/wps";
import { getDashboard } from "~/server/analytics/analytics";
import { getButtonAnalytics, getWpsButtonAnalytics } from "~/server/analytics/pop-analytics";

export const analyticsRouter = createTRPCRouter({
  /** One payment button's figures for a period: its analytics dialog. */
  forButton: merchantQuery(buttonAnalyticsSchema, getButtonAnalytics),

  /** The same figures for a WPS button, from its WPS payments. */
  forWpsButton: merchantQuery(wpsAnalyticsSchema, getWpsButtonAnalytics),

  /** The dashboard home's tiles, revenue chart and top pages for a range. */
  dashboard: merchantQuery(dashboardAnalyticsSchema, getDashboard),
});
