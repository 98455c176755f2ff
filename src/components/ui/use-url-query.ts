"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

export type QueryChanges = Record<string, string | number | null | undefined>;

/**
 * List state (filters, search, sort, page) lives in the URL, so a view can be shared and Back undoes a change.
 * Any change other than the page itself goes back to page 1: page 3 of another filter means nothing.
 */
export function useUrlQuery() {
  const router = useRouter();
  const pathname = usePathname() ?? "";
  const searchParams = useSearchParams();

  const hrefWith = useCallback(
    (changes: QueryChanges) => {
      const query = new URLSearchParams(searchParams?.toString() ?? "");
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === "") query.delete(key);
        else query.set(key, String(value));
      }
      if (!("page" in changes)) query.delete("page");
      const text = query.toString();
      return text ? `${pathname}?${text}` : pathname;
    },
    [pathname, searchParams],
  );

  const push = useCallback(
    (changes: QueryChanges) => router.push(hrefWith(changes), { scroll: false }),
    [router, hrefWith],
  );

  return { get: (key: string) => searchParams?.get(key) ?? null, hrefWith, push };
}
