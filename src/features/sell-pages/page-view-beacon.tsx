"use client";

import { useEffect } from "react";

/** Counts this visit for the page's conversion rate once the page runs in a browser (bots without JS don't). */
export function PageViewBeacon({ pageId }: { pageId: string }) {
  useEffect(() => {
    const url = `/api/sell-pages/${encodeURIComponent(pageId)}/view`;
    // sendBeacon survives the buyer leaving at once and never delays the page; fetch is the fallback.
    if (!navigator.sendBeacon?.(url)) void fetch(url, { method: "POST", keepalive: true }).catch(() => undefined);
  }, [pageId]);
  return null;
}
