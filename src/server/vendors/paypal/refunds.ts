import { toDecimalString } from "~/lib/money";
import { type PayPalApi, required, toMoney } from "~/server/vendors/paypal/http";
import type { PayPalMoney, PayPalRefund, RefundResponse, SaleRefundResponse } from "~/server/vendors/paypal/types";

/** The refund calls of a seller's client: a capture's (Orders v2) or a subscription sale's (v1 Payments). */
export function refundCalls(api: PayPalApi) {
  return {
    /**
     * Refunds a capture (Orders v2) in full (no amount) or in part. A repeated requestId returns the first
     * refund instead of a second one.
     */
    async refundCapture(
      captureId: string,
      input: { amount?: PayPalMoney; noteToPayer?: string; requestId: string },
    ): Promise<PayPalRefund> {
      const body = {
        ...(input.amount && {
          amount: {
            currency_code: input.amount.currency,
            value: toDecimalString(input.amount.valueMinor, input.amount.currency),
          },
        }),
        ...(input.noteToPayer && { note_to_payer: input.noteToPayer.slice(0, 255) }),
      };
      const refund = await api<RefundResponse>(
        "POST",
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        {
          body: JSON.stringify(body),
          requestId: input.requestId,
          prefer: "return=representation",
        },
      );
      return {
        id: required(refund.id, "refund id"),
        status: required(refund.status, "refund status"),
        amount: toMoney(refund.amount, "refund amount"),
        createTime: refund.create_time ?? null,
      };
    },

    /** Refunds a subscription's sale (v1 Payments), in full or in part; idempotent on requestId. */
    async refundSale(
      saleId: string,
      input: { amount?: PayPalMoney; reason?: string; requestId: string },
    ): Promise<PayPalRefund> {
      const body = {
        ...(input.amount && {
          amount: {
            total: toDecimalString(input.amount.valueMinor, input.amount.currency),
            currency: input.amount.currency,
          },
        }),
        ...(input.reason && { description: input.reason.slice(0, 255) }),
      };
      const refund = await api<SaleRefundResponse>("POST", `/v1/payments/sale/${encodeURIComponent(saleId)}/refund`, {
        body: JSON.stringify(body),
        requestId: input.requestId,
      });
      return {
        id: required(refund.id, "refund id"),
        status: required(refund.state, "refund state").toUpperCase(),
        amount: toMoney(
          { currency_code: refund.amount?.currency ?? "", value: refund.amount?.total ?? "" },
          "refund amount",
        ),
        createTime: refund.create_time ?? null,
      };
    },
  };
}
