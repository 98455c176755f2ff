import {
  discountCodeIdSchema,
  discountCodeSchema,
  setDiscountCodeActiveSchema,
  updateDiscountCodeSchema,
} from "~/schemas/discounts";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import {
  createDiscountCode,
  deleteDiscountCode,
  getDiscountCode,
  listDiscountCodes,
  listDiscountPops,
  setDiscountCodeActive,
  updateDiscountCode,
} from "~/server/discounts/discount-codes";

/** The seller's discount codes; checkout applies them through the checkout router. */
export const discountsRouter = createTRPCRouter({
  list: merchantProcedure.query(({ ctx }) => listDiscountCodes(ctx.merchantId)),

  /** The POPs a code can be limited to: one-time payment buttons and digital sell pages. */
  listPops: merchantProcedure.query(({ ctx }) => listDiscountPops(ctx.merchantId)),

  get: merchantProcedure
    .input(discountCodeIdSchema)
    .query(({ ctx, input }) => getDiscountCode(ctx.merchantId, input.id)),

  create: merchantProcedure
    .input(discountCodeSchema)
    .mutation(({ ctx, input }) => createDiscountCode(ctx.merchantId, input)),

  update: merchantProcedure
    .input(updateDiscountCodeSchema)
    .mutation(({ ctx, input }) => updateDiscountCode(ctx.merchantId, input.id, input.values)),

  setActive: merchantProcedure
    .input(setDiscountCodeActiveSchema)
    .mutation(({ ctx, input }) => setDiscountCodeActive(ctx.merchantId, input)),

  delete: merchantProcedure
    .input(discountCodeIdSchema)
    .mutation(({ ctx, input }) => deleteDiscountCode(ctx.merchantId, input.id)),
});
