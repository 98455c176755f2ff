import "server-only";
import { revalidatePath } from "next/cache";

/**
 * Public sell pages are served from Next's page cache (ISR, src/app/(public)/digital-sell/[id]/page.tsx): a write
 * that changes what buyers see clears the page at once (`null`: every sell page, e.g. after the merchant's
 * PayPal settings changed). Outside a Next server (tests, scripts) there is no page cache to clear.
 */
export function refreshSellPage(id: string | null) {
  if (!process.env.NEXT_RUNTIME) return;
  if (id === null) revalidatePath("/digital-sell/[id]", "page");
  else revalidatePath(`/digital-sell/${id}`);
}
