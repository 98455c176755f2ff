import { TRPCError } from "@trpc/server";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { resolveDateRange } from "~/lib/date-range";
import { enumParam, textParam } from "~/lib/search-params";
import { transactionStatuses } from "~/schemas/payments";
import { auth } from "~/server/auth";
import { getStoreTimeZone } from "~/server/stores/settings";

export type SearchParams = Record<string, string | string[] | undefined>;

/** The zone the store reads its calendar in ("Today", a custom day): the saved one, else UTC. */
export const storeTimeZone = cache(async (): Promise<string> => {
  const session = await auth();
  if (session?.user.userType !== "merchant") redirect("/auth");
  return (await getStoreTimeZone(session.user.id)) ?? "UTC";
});

/**
 * The list's date filter (`range`, `from`, `to`) as the half-open window it means on the store's calendar: the
 * signed-in store's zone unless `timeZone` is given (the CSV export, which has its merchant already).
 */
export async function dateWindowOf(params: SearchParams, timeZone?: string) {
  const range = textParam(params.range);
  if (!range) return {};
  return resolveDateRange(
    { range, from: textParam(params.from), to: textParam(params.to) },
    timeZone ?? (await storeTimeZone()),
  );
}

/**
 * The Payments page's filters as its URL carries them (`q`, `status`; the window comes from dateWindowOf), read
 * the same way by the page and its CSV export. A value the list does not know is ignored, as on the page.
 */
export function paymentFiltersOf(params: SearchParams) {
  return { q: textParam(params.q), status: enumParam(params.status, transactionStatuses) };
}

/** `params` as a query string without `drop` (e.g. the page number, which an export does not use). */
export function queryWithout(params: SearchParams, drop: string[]) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (typeof value === "string" && value !== "" && !drop.includes(key)) query.set(key, value);
  return query.toString();
}

/** The URL of `path` with `params` (string values only) and `page` replaced: for a page past the end. */
export function hrefWithPage(path: string, params: SearchParams, page: number) {
  const query = new URLSearchParams(queryWithout(params, ["page"]));
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A shared link to page 9 of a list that has since shrunk: show its last page rather than nothing. */
export function redirectPastLastPage(path: string, params: SearchParams, page: number, pageCount: number) {
  if (page > pageCount) redirect(hrefWithPage(path, params, pageCount));
}

/** What Next.js hands a detail page (/…/[id]): the record's id in the path, and its query (e.g. `back`). */
export type DetailPageProps = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

/** A detail page's record id, decoded, and its query. */
export async function detailParamsOf({ params, searchParams }: DetailPageProps) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  return { id: decodeParam(id), query };
}

/** A detail read whose NOT_FOUND (or an id no record can have) is the page's 404. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof TRPCError && (error.code === "NOT_FOUND" || error.code === "BAD_REQUEST")) notFound();
    throw error;
  }
}

/** A dynamic route segment as text: Next hands it over still percent-encoded ("a%40b.test"). */
export function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
