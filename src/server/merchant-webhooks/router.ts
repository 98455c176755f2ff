import {
  listWebhookDeliveriesSchema,
  updateWebhookUrlSchema,
  webhookDeliveryIdSchema,
} from "~/schemas/merchant-webhooks";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import {
  getWebhookDelivery,
  getWebhookSettings,
  listWebhookDeliveries,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhookUrl,
} from "~/server/merchant-webhooks/settings";

/** The store's merchant webhooks: URL, signing secret, test events and the delivery log. */
export const webhooksRouter = createTRPCRouter({
  getSettings: merchantProcedure.query(({ ctx }) => getWebhookSettings(ctx.merchantId)),

  updateUrl: merchantProcedure
    .input(updateWebhookUrlSchema)
    .mutation(({ ctx, input }) => updateWebhookUrl(ctx.merchantId, input)),

  /** The only answer that ever carries the secret: the UI shows it once. */
  rotateSecret: merchantProcedure.mutation(({ ctx }) => rotateWebhookSecret(ctx.merchantId)),

  sendTestEvent: merchantProcedure.mutation(({ ctx }) => sendTestEvent(ctx.merchantId)),

  listDeliveries: merchantProcedure
    .input(listWebhookDeliveriesSchema)
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.merchantId, input)),

  getDelivery: merchantProcedure
    .input(webhookDeliveryIdSchema)
    .query(({ ctx, input }) => getWebhookDelivery(ctx.merchantId, input.id)),

  resend: merchantProcedure
    .input(webhookDeliveryIdSchema)
    .mutation(({ ctx, input }) => resendWebhookDelivery(ctx.merchantId, input.id)),
});
