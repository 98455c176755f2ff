import { z } from "zod";

/** The analytics dialogs' periods, rolling back from now; "all" has no lower bound. */
export const analyticsPeriods = ["7d", "30d", "90d", "all"] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];

export const buttonAnalyticsSchema = z.object({
  buttonId: z.string().trim().min(1, "Button ID is required").max(64, "Payment button not found"),
  period: z.enum(analyticsPeriods).default("30d"),
});
export type ButtonAnalyticsInput = z.input<typeof buttonAnalyticsSchema>;

/** The dashboard home's date ranges and chart granularities. */
export const dashboardRanges = ["mtd", "30d", "90d"] as const;
export type DashboardRange = (typeof dashboardRanges)[number];
export const dashboardGranularities = ["day", "week", "month"] as const;
export type DashboardGranularity = (typeof dashboardGranularities)[number];

/**
 * An IANA time zone name the runtime knows, e.g. "Europe/Paris": "Month to date" and daily buckets follow it.
 * Names only: offsets like "+05:00" are refused because PostgreSQL reads their sign the POSIX way (inverted).
 */
const timeZone = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/, "Unknown time zone")
  .refine((value) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, "Unknown time zone");

export const dashboardAnalyticsSchema = z.object({
  range: z.enum(dashboardRanges).default("mtd"),
  granularity: z.enum(dashboardGranularities).default("day"),
  /** Omitted: the store's time zone (Store Settings), else UTC. */
  timeZone: timeZone.optional(),
});
export type DashboardAnalyticsInput = z.input<typeof dashboardAnalyticsSchema>;
