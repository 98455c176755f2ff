// A datetime-local input holds wall-clock time without a zone; the seller means their store's time zone (the one
// every date on the dashboard is printed in), not the browser's.

import { wallClockParts, wallClockToUtc } from "~/lib/dates";

const pattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The input's text ("2026-12-01T09:30") for `date` on the clock of `timeZone`; "" for none. */
export function toLocalInput(date: Date | null, timeZone: string): string {
  if (!date || Number.isNaN(date.getTime())) return "";
  const { year, month, day, hour, minute } = wallClockParts(date, timeZone);
  return `${year}-${month}-${day}T${hour}:${minute}`;
}

/** The instant the wall-clock text means in `timeZone`, or null when the text is empty or incomplete. */
export function fromLocalInput(value: string, timeZone: string): Date | null {
  const match = pattern.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return wallClockToUtc(year, month, day, hour, minute, timeZone);
}
