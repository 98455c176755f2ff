import { z } from "zod";

// Buyer-side inputs. There is deliberately no amount, currency or status field: the server reads the price from
// the button and the outcome from PayPal, and z.object drops any such key a client adds.

/** Our ids are cuids; anything else cannot be a button, so it is simply "not found". */
const buttonId = z
  .string({ error: "Button ID is required" })
  .trim()
  .min(1, "Button ID is required")
  .max(64, "Payment button not found")
  .regex(/^[A-Za-z0-9_-]+$/, "Payment button not found");

/** PayPal order and subscription ids: letters, digits and dashes (e.g. 5O190127TN364715T, I-BW452GLLEP1G). */
const paypalId = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(64, `${what} is not valid`)
    .regex(/^[A-Za-z0-9-]+$/, `${what} is not valid`);

const notAnObject = "The request must be a JSON object.";

export const checkoutButtonSchema = z.object({ buttonId }, { error: notAnObject });
export type CheckoutButtonInput = z.infer<typeof checkoutButtonSchema>;

export const captureOrderSchema = z.object({ buttonId, orderId: paypalId("Order ID") }, { error: notAnObject });
export type CaptureOrderInput = z.infer<typeof captureOrderSchema>;

export const recordSubscriptionSchema = z.object(
  { buttonId, subscriptionId: paypalId("Subscription ID") },
  { error: notAnObject },
);
export type RecordSubscriptionInput = z.infer<typeof recordSubscriptionSchema>;
