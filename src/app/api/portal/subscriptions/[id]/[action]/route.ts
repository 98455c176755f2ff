import type { NextRequest } from "next/server";
import { z } from "zod";
import { env } from "~/env";
import { cancelReasonSchema } from "~/schemas/portal";
import { AppError } from "~/server/platform/errors";
import { ownSubscription } from "~/server/portal/portal";
import {
  cancelSubscriptionBy,
  pauseSubscription,
  resumeSubscription,
  startPlanChange,
} from "~/server/subscriptions/changes";
import { portalEndpoint } from "../../../_lib/portal-endpoint";

export const dynamic = "force-dynamic";

const portal = { source: "portal" } as const;

/**
 * The subscription page's actions. Each checks that the subscription is the signed-in buyer's (ownSubscription:
 * NOT_FOUND otherwise), then calls PayPal first and records what it answered (src/server/subscriptions/changes.ts).
 */
const actions = {
  cancel: portalEndpoint(z.object({ reason: cancelReasonSchema }), async ({ reason }, email, { id }: Params) => {
    const { id: subscriptionId } = await ownSubscription(email, id);
    return cancelSubscriptionBy(subscriptionId, { ...portal, reason });
  }),
  pause: portalEndpoint(z.object({}), async (_input, email, { id }: Params) =>
    pauseSubscription((await ownSubscription(email, id)).id, portal),
  ),
  resume: portalEndpoint(z.object({}), async (_input, email, { id }: Params) =>
    resumeSubscription((await ownSubscription(email, id)).id, portal),
  ),
  "change-plan": portalEndpoint(
    z.object({ buttonId: z.string().regex(/^[a-z0-9]{1,40}$/, "Choose a plan.") }),
    async ({ buttonId }, email, { id }: Params) => {
      const { id: subscriptionId } = await ownSubscription(email, id);
      const page = `${env.APP_URL}/portal/subscriptions/${subscriptionId}`;
      return startPlanChange(subscriptionId, buttonId, {
        returnUrl: `${env.APP_URL}/api/portal/subscriptions/${subscriptionId}/plan-change`,
        cancelUrl: `${page}?plan=kept`,
      });
    },
  ),
};
type Params = { id: string; action: string };

export async function POST(request: NextRequest, context: { params: Promise<Params> }) {
  const { action } = await context.params;
  const run = Object.hasOwn(actions, action) ? actions[action as keyof typeof actions] : null;
  if (!run) {
    const error = new AppError("NOT_FOUND", "Unknown action.");
    return Response.json({ error: { code: error.code, message: error.userMessage } }, { status: 404 });
  }
  return run(request, context);
}
