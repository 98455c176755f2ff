import {
  captureOrderSchema,
  checkoutButtonSchema,
  createOrderSchema,
  recordSubscriptionSchema,
} from "~/schemas/checkout";
import { createTRPCRouter, publicProcedure } from "~/server/api/trpc";
import { captureOrder, createOrder, getPublicButton, quoteOrder, recordSubscription } from "~/server/checkout/checkout";
import { withCodeCheckBudget } from "~/server/checkout/pricing";

/**
 * The buyer side for our own pages (/checkout/{id}). The embed script calls the same services through the CORS
 * endpoints under /api/checkout. Public and rate limited per IP; nothing a buyer sends sets a price or a status.
 */
export const checkoutRouter = createTRPCRouter({
  getButton: publicProcedure.input(checkoutButtonSchema).query(({ input }) => getPublicButton(input)),

  quoteOrder: publicProcedure
    .input(createOrderSchema)
    .mutation(({ input, ctx }) => withCodeCheckBudget(ctx.ip, input.discountCode, () => quoteOrder(input))),

  createOrder: publicProcedure
    .input(createOrderSchema)
    .mutation(({ input, ctx }) => withCodeCheckBudget(ctx.ip, input.discountCode, () => createOrder(input))),

  captureOrder: publicProcedure.input(captureOrderSchema).mutation(({ input }) => captureOrder(input)),

  recordSubscription: publicProcedure
    .input(recordSubscriptionSchema)
    .mutation(({ input }) => recordSubscription(input)),
});
