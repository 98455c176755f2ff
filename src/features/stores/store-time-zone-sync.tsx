"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { api } from "~/trpc/react";

/**
 * A store with no time zone yet takes the browser's, once, so every date on the dashboard reads the seller's own
 * clock from the first visit (Store Settings can change it). Renders nothing.
 */
export function StoreTimeZoneSync() {
  const router = useRouter();
  const save = api.merchant.store.setTimeZoneIfUnset.useMutation({ onSuccess: () => router.refresh() });
  const { mutate } = save;
  useEffect(() => {
    mutate({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  }, [mutate]);
  return null;
}
