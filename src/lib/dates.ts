// The one date format of the product: "Nov 24, 2026, 3:39 AM" (or "Nov 24, 2026"), always in a named time zone,
// so the server and the browser print the same text and a seller reads their own store's clock.

export type DateStyle = "datetime" | "date";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: DateStyle, timeZone: string): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      dateStyle: "medium",
      ...(style === "datetime" ? { timeStyle: "short" } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function formatDateTime(date: Date, timeZone: string, style: DateStyle = "datetime"): string {
  return formatter(style, isValidTimeZone(timeZone) ? timeZone : "UTC").format(date);
}

/** YYYY-MM-DD of `date` on the wall calendar of `timeZone` (what a date input shows). */
export function calendarDate(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  return parts.format(date);
}

/** The UTC instant at which the calendar day `day` (YYYY-MM-DD) begins in `timeZone`. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return wallClockToUtc(year, month, date, 0, 0, timeZone);
}

/** The UTC instant a wall-clock time (month 1-12) means in `timeZone`. */
export function wallClockToUtc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const utcGuess = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at that moment, read back from the formatter; twice, so a DST change that day is honoured.
  let instant = utcGuess;
  for (let step = 0; step < 2; step += 1) {
    const offset = zoneOffsetMs(new Date(instant), timeZone);
    instant = utcGuess - offset;
  }
  return new Date(instant);
}

/** The wall-clock fields (24-hour, zero-padded) that `date` shows on the clock of `timeZone`. */
export function wallClockParts(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;
}

function zoneOffsetMs(date: Date, timeZone: string): number {
  const parts = wallClockParts(date, timeZone);
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}
