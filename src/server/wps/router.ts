import { setWpsButtonStatusSchema, updateWpsButtonSchema, wpsButtonIdSchema, wpsButtonSchema } from "~/schemas/wps";
import { merchantResourceProcedures } from "~/server/api/merchant-resource";
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
  ...merchantResourceProcedures(
    { id: wpsButtonIdSchema, create: wpsButtonSchema, update: updateWpsButtonSchema },
    {
      list: listWpsButtons,
      get: getWpsButton,
      create: createWpsButton,
      update: updateWpsButton,
      remove: deleteWpsButton,
    },
  ),

  setStatus: merchantProcedure
    .input(setWpsButtonStatusSchema)
    .mutation(({ ctx, input }) => setWpsButtonStatus(ctx.merchantId, input)),

  /** The way off WPS: an equivalent Smart payment button; the WPS button is left untouched. */
  convertToPaymentButton: merchantProcedure
    .input(wpsButtonIdSchema)
    .mutation(({ ctx, input }) => convertToPaymentButton(ctx.merchantId, input.id)),

  /** The preview's HTML form: the web-script URL of the button's environment and the fields. */
  formFields: merchantProcedure
    .input(wpsButtonIdSchema)
    .query(({ ctx, input }) => getWpsFormFields(ctx.merchantId, input.id)),
});
