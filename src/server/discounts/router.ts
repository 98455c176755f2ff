import {
  discountCodeIdSchema,
  discountCodeSchema,
  setDiscountCodeActiveSchema,
  updateDiscountCodeSchema,
} from "~/schemas/discounts";
import { merchantMutation, merchantResourceProcedures } from "~/server/api/merchant-resource";
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
  ...merchantResourceProcedures(
    { id: discountCodeIdSchema, create: discountCodeSchema, update: updateDiscountCodeSchema },
    {
      list: listDiscountCodes,
      get: getDiscountCode,
      create: createDiscountCode,
      update: updateDiscountCode,
      remove: deleteDiscountCode,
    },
  ),

  /** The POPs a code can be limited to: one-time payment buttons and digital sell pages. */
  listPops: merchantProcedure.query(({ ctx }) => listDiscountPops(ctx.merchantId)),

  setActive: merchantMutation(setDiscountCodeActiveSchema, setDiscountCodeActive),
});
