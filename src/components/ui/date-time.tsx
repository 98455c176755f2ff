"use client";

import { createContext, useContext, type ReactNode } from "react";
import { formatDateTime, type DateStyle } from "~/lib/dates";

const TimeZoneContext = createContext("UTC");

/** The time zone every <DateTime> below prints in: the store's on the dashboard, UTC in the staff portal. */
export function TimeZoneProvider({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  return <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>;
}

export function useTimeZone(): string {
  return useContext(TimeZoneContext);
}

/** A date as the product prints dates: one format, in the provider's time zone, machine-readable in `dateTime`. */
export function DateTime({ value, style = "datetime" }: { value: Date | string; style?: DateStyle }) {
  const timeZone = useTimeZone();
  const date = typeof value === "string" ? new Date(value) : value;
  return (
    <time dateTime={date.toISOString()} title={`${formatDateTime(date, timeZone)} (${timeZone})`}>
      {formatDateTime(date, timeZone, style)}
    </time>
  );
}
