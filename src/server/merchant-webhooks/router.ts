import {
  listWebhookDeliveriesSchema,
  updateWebhookUrlSchema,
  webhookDeliveryIdSchema,
} from "~/schemas/merchant-webhooks";
import { merchantMutation, merchantQuery } from "~/server/api/merchant-resource";
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

  updateUrl: merchantMutation(updateWebhookUrlSchema, updateWebhookUrl),

  /** The only answer that ever carries the secret: the UI shows it once. */
  rotateSecret: merchantProcedure.mutation(({ ctx }) => rotateWebhookSecret(ctx.merchantId)),

  sendTestEvent: merchantProcedure.mutation(({ ctx }) => sendTestEvent(ctx.merchantId)),

  listDeliveries: merchantQuery(listWebhookDeliveriesSchema, listWebhookDeliveries),

  getDelivery: merchantQuery(webhookDeliveryIdSchema, (merchantId, input) => getWebhookDelivery(merchantId, input.id)),

  resend: merchantMutation(webhookDeliveryIdSchema, (merchantId, input) => resendWebhookDelivery(merchantId, input.id)),
});
