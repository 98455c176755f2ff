import {
  getCustomerSchema,
  getPaymentSchema,
  listCustomersSchema,
  listPaymentsSchema,
  refundPaymentSchema,
} from "~/schemas/payments";
import {
  listShipmentsSchema,
  markDeliveredSchema,
  markShippedFromCsvSchema,
  markShippedSchema,
} from "~/schemas/shipping";
import { merchantMutation } from "~/server/api/merchant-resource";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import { invoicesOf } from "~/server/invoices/invoices";
import { getCustomer, listCustomers } from "~/server/payments/customers";
import { listShipments, markDelivered, markShipped, markShippedFromCsv } from "~/server/payments/fulfilment";
import { getPayment } from "~/server/payments/payment-detail";
import { listPayments } from "~/server/payments/payments";
import { refundPayment } from "~/server/payments/refunds";

/** merchant.payments.*: the Payments list, one payment's detail, and refunds. */
export const paymentsRouter = createTRPCRouter({
  list: merchantProcedure.input(listPaymentsSchema).query(({ ctx, input }) => listPayments(ctx.merchantId, input)),

  get: merchantProcedure.input(getPaymentSchema).query(({ ctx, input }) => getPayment(ctx.merchantId, input)),

  /** The payment's invoice versions, newest first (version 1 is issued on the first look at a paid payment). */
  invoices: merchantProcedure
    .input(getPaymentSchema)
    .query(({ ctx, input }) => invoicesOf({ merchantId: ctx.merchantId }, input.id)),

  /** The Refund dialog: the dialog's idempotency key makes a double click or a retry one refund at PayPal. */
  refund: merchantProcedure
    .input(refundPaymentSchema)
    .mutation(({ ctx, input }) => refundPayment(ctx.merchantId, input)),

  /** Orders that ship: the "To ship" list, and marking one shipped (tracking to PayPal) or delivered. */
  shipments: merchantProcedure
    .input(listShipmentsSchema)
    .query(({ ctx, input }) => listShipments(ctx.merchantId, input)),

  markShipped: merchantMutation(markShippedSchema, markShipped),

  markDelivered: merchantMutation(markDeliveredSchema, markDelivered),

  /** Tracking numbers for many orders at once, from a CSV (the carrier's or a shipping app's export). */
  markShippedFromCsv: merchantMutation(markShippedFromCsvSchema, markShippedFromCsv),
});

/** merchant.customers.*: everyone who paid the store, by e-mail, with what they bought. */
export const customersRouter = createTRPCRouter({
  list: merchantProcedure.input(listCustomersSchema).query(({ ctx, input }) => listCustomers(ctx.merchantId, input)),

  get: merchantProcedure.input(getCustomerSchema).query(({ ctx, input }) => getCustomer(ctx.merchantId, input)),
});
