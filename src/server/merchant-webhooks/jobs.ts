// Merchant webhooks' job kinds, run by the workers (src/server/job-handlers.ts): one delivery, and the per-minute
// sweep that queues deliveries whose job was lost.
import type { JobHandlers } from "~/server/jobs";
import { deliverWebhook } from "./deliver";
import { queueForgottenDeliveries } from "./index";

export const merchantWebhookJobHandlers = {
  "merchant-webhook.deliver": ({ deliveryId }) => deliverWebhook(deliveryId),
  "merchant-webhook.sweep": async () => {
    await queueForgottenDeliveries();
  },
} satisfies Partial<JobHandlers>;
