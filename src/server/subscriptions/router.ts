import { cancelSubscriptionSchema, getSubscriberSchema, listSubscribersSchema } from "~/schemas/subscriptions";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import { getSubscriber, listSubscribers } from "~/server/subscriptions/subscribers";
import { cancelSubscription } from "~/server/subscriptions/subscriptions";

/** merchant.subscriptions.*: the store's subscribers, one subscriber's detail, and cancelling at PayPal. */
export const subscriptionsRouter = createTRPCRouter({
  list: merchantProcedure
    .input(listSubscribersSchema)
    .query(({ ctx, input }) => listSubscribers(ctx.merchantId, input)),

  get: merchantProcedure.input(getSubscriberSchema).query(({ ctx, input }) => getSubscriber(ctx.merchantId, input)),

  cancel: merchantProcedure
    .input(cancelSubscriptionSchema)
    .mutation(({ ctx, input }) => cancelSubscription(ctx.merchantId, input)),
});
