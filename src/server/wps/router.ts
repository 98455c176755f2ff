import { setWpsButtonStatusSchema, updateWpsButtonSchema, wpsButtonIdSchema, wpsButtonSchema } from "~/schemas/wps";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import {
  convertToPaymentButton,
  createWpsButton,
  deleteWpsButton,
  getWpsButton,
  getWpsFormFields,
  listWpsButtons,
  setWpsButtonStatus,
  updateWpsButton,
} from "~/server/wps/buttons";

/** PayPal Website Payments Standard buttons. */
export const wpsRouter = createTRPCRouter({
  list: merchantProcedure.query(({ ctx }) => listWpsButtons(ctx.merchantId)),

  get: merchantProcedure.input(wpsButtonIdSchema).query(({ ctx, input }) => getWpsButton(ctx.merchantId, input.id)),

  create: merchantProcedure.input(wpsButtonSchema).mutation(({ ctx, input }) => createWpsButton(ctx.merchantId, input)),

  update: merchantProcedure
    .input(updateWpsButtonSchema)
    .mutation(({ ctx, input }) => updateWpsButton(ctx.merchantId, input.id, input.values)),

  setStatus: merchantProcedure
    .input(setWpsButtonStatusSchema)
    .mutation(({ ctx, input }) => setWpsButtonStatus(ctx.merchantId, input)),

  delete: merchantProcedure
    .input(wpsButtonIdSchema)
    .mutation(({ ctx, input }) => deleteWpsButton(ctx.merchantId, input.id)),

  /** The way off WPS: an equivalent Smart payment button; the WPS button is left untouched. */
  convertToPaymentButton: merchantProcedure
    .input(wpsButtonIdSchema)
    .mutation(({ ctx, input }) => convertToPaymentButton(ctx.merchantId, input.id)),

  /** The preview's HTML form: the web-script URL of the button's environment and the fields. */
  formFields: merchantProcedure
    .input(wpsButtonIdSchema)
    .query(({ ctx, input }) => getWpsFormFields(ctx.merchantId, input.id)),
});
