import {
  buttonIdSchema,
  paymentButtonSchema,
  setButtonActiveSchema,
  updatePaymentButtonSchema,
} from "~/schemas/payment-button";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import {
  countPages,
  createButton,
  deleteButton,
  getButton,
  listButtons,
  setButtonActive,
  updateButton,
} from "~/server/payment-buttons/payment-buttons";

export const pagesRouter = createTRPCRouter({
  /** Tab counts of the pages list: payment buttons, digital sell pages, WPS buttons. */
  counts: merchantProcedure.query(({ ctx }) => countPages(ctx.merchantId)),

  listButtons: merchantProcedure.query(({ ctx }) => listButtons(ctx.merchantId)),

  getButton: merchantProcedure.input(buttonIdSchema).query(({ ctx, input }) => getButton(ctx.merchantId, input.id)),

  createButton: merchantProcedure
    .input(paymentButtonSchema)
    .mutation(({ ctx, input }) => createButton(ctx.merchantId, input)),

  updateButton: merchantProcedure
    .input(updatePaymentButtonSchema)
    .mutation(({ ctx, input }) => updateButton(ctx.merchantId, input.id, input.values)),

  setButtonActive: merchantProcedure
    .input(setButtonActiveSchema)
    .mutation(({ ctx, input }) => setButtonActive(ctx.merchantId, input)),

  deleteButton: merchantProcedure
    .input(buttonIdSchema)
    .mutation(({ ctx, input }) => deleteButton(ctx.merchantId, input.id)),
});
