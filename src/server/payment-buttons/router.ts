import {
  buttonIdSchema,
  paymentButtonSchema,
  setButtonActiveSchema,
  updatePaymentButtonSchema,
} from "~/schemas/payment-buttons";
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

/** pages.counts: the tab counts of the pages list (payment buttons, digital sell pages, WPS buttons). */
export const popCountsProcedure = merchantProcedure.query(({ ctx }) => countPages(ctx.merchantId));

/** pages.buttons.*: the seller's payment buttons. */
export const paymentButtonsRouter = createTRPCRouter({
  list: merchantProcedure.query(({ ctx }) => listButtons(ctx.merchantId)),

  get: merchantProcedure.input(buttonIdSchema).query(({ ctx, input }) => getButton(ctx.merchantId, input.id)),

  create: merchantProcedure
    .input(paymentButtonSchema)
    .mutation(({ ctx, input }) => createButton(ctx.merchantId, input)),

  update: merchantProcedure
    .input(updatePaymentButtonSchema)
    .mutation(({ ctx, input }) => updateButton(ctx.merchantId, input.id, input.values)),

  setActive: merchantProcedure
    .input(setButtonActiveSchema)
    .mutation(({ ctx, input }) => setButtonActive(ctx.merchantId, input)),

  delete: merchantProcedure.input(buttonIdSchema).mutation(({ ctx, input }) => deleteButton(ctx.merchantId, input.id)),
});
