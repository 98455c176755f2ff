import {
  buttonIdSchema,
  paymentButtonSchema,
  setButtonActiveSchema,
  updatePaymentButtonSchema,
} from "~/schemas/payment-buttons";
import { merchantMutation, merchantResourceProcedures } from "~/server/api/merchant-resource";
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
});
