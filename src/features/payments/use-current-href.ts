import { usePathname, useSearchParams } from "next/navigation";

/** The list's own address: a payment opened from it comes back to it, filters and all. */
export function useCurrentHref() {
  const pathname = usePathname() ?? "/dashboard/payments";
  const query = useSearchParams()?.toString();
  return query ? `${pathname}?${query}` : pathname;
}
