import { captureOrderSchema, checkoutButtonSchema, recordSubscriptionSchema } from "~/schemas/checkout";
import { createTRPCRouter, publicProcedure } from "~/server/api/trpc";
import { captureOrder, createOrder, getPublicButton, recordSubscription } from "~/server/services/checkout";

/**
 * The buyer side for our own pages (/checkout/{id}). The embed script calls the same services through the CORS
 * endpoints under /api/checkout. Public and rate limited per IP; nothing a buyer sends sets a price or a status.
 */
export const checkoutRouter = createTRPCRouter({
  getButton: publicProcedure.input(checkoutButtonSchema).query(({ input }) => getPublicButton(input)),

  createOrder: publicProcedure.input(checkoutButtonSchema).mutation(({ input }) => createOrder(input)),

  captureOrder: publicProcedure.input(captureOrderSchema).mutation(({ input }) => captureOrder(input)),

  recordSubscription: publicProcedure
    .input(recordSubscriptionSchema)
    .mutation(({ input }) => recordSubscription(input)),
});
