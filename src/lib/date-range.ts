import { calendarDate, startOfDayIn } from "~/lib/dates";

// The date-range filter of every list: a preset or a custom pair of calendar days, read in the store's time zone.
export const dateRangePresets = [
  { value: "today", label: "Today" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
  { value: "mtd", label: "Month to date" },
  { value: "custom", label: "Custom range" },
] as const;

export type DateRangePreset = (typeof dateRangePresets)[number]["value"];

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string | undefined): value is string {
  if (!value || !dayPattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The calendar day `days` after `day` (YYYY-MM-DD): plain date arithmetic, no time zone involved. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The half-open window [from, to) that a range means, or {} for all time. A custom range counts both of its days
 * whole; a reversed one is swapped; anything malformed is ignored rather than an error, as a URL can say anything.
 */
export function resolveDateRange(
  input: { range?: string; from?: string; to?: string },
  timeZone: string,
  now: Date = new Date(),
): { from?: Date; to?: Date } {
  const today = calendarDate(now, timeZone);
  const tomorrow = startOfDayIn(addDays(today, 1), timeZone);
  switch (input.range) {
    case "today":
      return { from: startOfDayIn(today, timeZone), to: tomorrow };
    case "7d":
    case "30d":
    case "90d":
      return { from: startOfDayIn(addDays(today, 1 - Number(input.range.slice(0, -1))), timeZone), to: tomorrow };
    case "mtd":
      return { from: startOfDayIn(`${today.slice(0, 8)}01`, timeZone), to: tomorrow };
    case "custom": {
      let from = isCalendarDay(input.from) ? input.from : undefined;
      let to = isCalendarDay(input.to) ? input.to : undefined;
      if (from && to && from > to) [from, to] = [to, from];
      return {
        ...(from ? { from: startOfDayIn(from, timeZone) } : {}),
        ...(to ? { to: startOfDayIn(addDays(to, 1), timeZone) } : {}),
      };
    }
    default:
      return {};
  }
}
