import { setWpsButtonStatusSchema, updateWpsButtonSchema, wpsButtonIdSchema, wpsButtonSchema } from "~/schemas/wps";
import { merchantMutation, merchantQuery, merchantResourceProcedures } from "~/server/api/merchant-resource";
import { createTRPCRouter } from "~/server/api/trpc";
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

  setStatus: merchantMutation(setWpsButtonStatusSchema, setWpsButtonStatus),

  /** The way off WPS: an equivalent Smart payment button; the WPS button is left untouched. */
  convertToPaymentButton: merchantMutation(wpsButtonIdSchema, (merchantId, input) =>
    convertToPaymentButton(merchantId, input.id),
  ),

  /** The preview's HTML form: the web-script URL of the button's environment and the fields. */
  formFields: merchantQuery(wpsButtonIdSchema, (merchantId, input) => getWpsFormFields(merchantId, input.id)),
});
