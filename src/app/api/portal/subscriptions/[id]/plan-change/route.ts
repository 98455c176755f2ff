import type { NextRequest } from "next/server";
import { toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { refuseUnsafeText } from "~/server/platform/request";
import { ownSubscription } from "~/server/portal/portal";
import { finishPlanChange } from "~/server/subscriptions/changes";
import { buyerOf } from "../../../_lib/portal-endpoint";

export const dynamic = "force-dynamic";

/**
 * Where PayPal sends the buyer back after approving a plan change: records the plan PayPal now has. Nothing here
 * trusts the query: finishPlanChange reads the subscription from PayPal. If the buyer never comes back, PayPal's
 * BILLING.SUBSCRIPTION.UPDATED webhook records the same change.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const refused = refuseUnsafeText(id);
  if (refused) return refused;
  const page = `/portal/subscriptions/${encodeURIComponent(id)}`;
  const seeOther = (query: string) =>
    new Response(null, { status: 303, headers: { location: `${page}?${query}`, "cache-control": "no-store" } });
  const email = await buyerOf(request);
  if (!email) {
    const next = encodeURIComponent(page);
    return new Response(null, { status: 303, headers: { location: `/portal/sign-in?next=${next}` } });
  }
  try {
    const { changed } = await finishPlanChange((await ownSubscription(email, id)).id);
    return seeOther(changed ? "plan=changed" : "plan=pending");
  } catch (error) {
    if (!toAppError(error)) logger.error("plan change return failed", describeError(error));
    return seeOther("plan=pending");
  }
}
