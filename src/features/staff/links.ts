import type { MerchantPopKind } from "~/schemas/staff";

// Addresses, names and shapes the staff portal's screens share (server pages and client tables alike).

export const popKindLabels: Record<MerchantPopKind, string> = {
  payment_buttons: "Payment Buttons",
  sell_pages: "Digital Sell Pages",
  wps_buttons: "WPS Buttons",
};

export function merchantHref(merchantId: string): string {
  return `/saas-admin/merchants/${encodeURIComponent(merchantId)}`;
}

export function transactionsHref(filters: { merchant?: string; pop?: string }): string {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value) as [string, string][]);
  return `/saas-admin/transactions?${query.toString()}`;
}

/** Where a server-paged list is: the DataTable's `page` prop. */
export type ServerPage = { page: number; pageCount: number; total?: number; pageSize?: number };
