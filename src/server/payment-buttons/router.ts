import {
  buttonIdSchema,
  paymentButtonSchema,
  setButtonActiveSchema,
  updatePaymentButtonSchema,
} from "~/schemas/payment-buttons";
import { offerChoicesSchema } from "~/schemas/offers";
import { merchantMutation, merchantQuery, merchantResourceProcedures } from "~/server/api/merchant-resource";
import { offerChoices } from "~/server/payment-buttons/offers";
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
  ...merchantResourceProcedures(
    { id: buttonIdSchema, create: paymentButtonSchema, update: updatePaymentButtonSchema },
    { list: listButtons, get: getButton, create: createButton, update: updateButton, remove: deleteButton },
  ),

  setActive: merchantMutation(setButtonActiveSchema, setButtonActive),
  /** The POPs a button's or sell page's form may offer as its order bump or upsell. */
  offerChoices: merchantQuery(offerChoicesSchema, offerChoices),
});
