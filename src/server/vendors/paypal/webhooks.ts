import { type PayPalApi, parseJsonObject } from "~/server/vendors/paypal/http";

/** The webhook call of a seller's client: PayPal's own check of a delivery's signature. */
export function webhookCalls(api: PayPalApi) {
  return {
    /**
     * Asks PayPal whether a webhook delivery is genuine. False when a signature header is missing or the body is
     * not a JSON object; a PayPal outage throws (so the delivery fails and PayPal retries it later).
     */
    async verifyWebhookSignature(input: { headers: Headers; rawBody: string; webhookId: string }): Promise<boolean> {
      const fields = {
        auth_algo: input.headers.get("paypal-auth-algo"),
        cert_url: input.headers.get("paypal-cert-url"),
        transmission_id: input.headers.get("paypal-transmission-id"),
        transmission_sig: input.headers.get("paypal-transmission-sig"),
        transmission_time: input.headers.get("paypal-transmission-time"),
        webhook_id: input.webhookId,
      };
      if (Object.values(fields).some((value) => !value) || !parseJsonObject(input.rawBody)) return false;
      // The signature covers the exact bytes PayPal sent, and re-serialising can change them (number formats,
      // escapes), so the raw event is spliced in verbatim; it parsed as one JSON object, so the result is valid JSON.
      const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${input.rawBody}}`;
      const result = await api<{ verification_status?: string }>("POST", "/v1/notifications/verify-webhook-signature", {
        body,
        readOnly: true,
      });
      return result.verification_status === "SUCCESS";
    },
  };
}
