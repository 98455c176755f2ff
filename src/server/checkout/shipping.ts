import { randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { env } from "~/env";
import type { Currency } from "~/lib/money";
import { toDecimalString, toMinorUnits } from "~/lib/money";
import { asOrderPlan, priceOrder, type OrderPrice, type OrderPlan } from "~/lib/order-pricing";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { logger } from "~/server/platform/logger";
import { storedShipping } from "~/server/stores/shipping";
import type { PayPalOrder } from "~/server/vendors/paypal/types";

// Orders that ship: the plan an order is created with (the store's zones and tax rates then), PayPal's
// order-update callback that prices it while the buyer picks an address and option in PayPal's window, and the
// check before capture that PayPal's final amount is our own price for the final address.

export const shippingMessages = {
  cannotShip:
    "This store doesn't ship to the address you chose in PayPal. Please pay again and choose another address.",
  priceChanged: "The shipping or tax for your address could not be confirmed. Please pay again; nothing was charged.",
} as const;

/** An order's plan: its lines as PayPal lists them, with what ships and which prices include tax. */
export async function orderPlanFor(
  merchantId: string,
  currency: Currency,
  lines: OrderPlan["lines"],
): Promise<OrderPlan> {
  const settings = await db.storeSettings.findUnique({
    where: { merchantId },
    select: { shippingZones: true, taxRates: true },
  });
  const { zones, taxRates } = storedShipping(settings);
  // Zones in other currencies stay in the copy; priceOrder prices with the order's currency's only.
  return { currency, zones, taxRates, lines };
}

/**
 * The callback URL an order that ships gives PayPal, with a secret of its own: PayPal does not sign these calls,
 * so the secret in the URL (kept with the checkout session) is what tells PayPal's call from anyone else's.
 */
export function newOrderCallback() {
  const token = randomBytes(24).toString("base64url");
  const url = new URL("/api/paypal/order-callback", env.APP_URL);
  url.searchParams.set("token", token);
  return { token, url: url.toString() };
}

const money = z.object({ currency_code: z.string().max(3), value: z.string().max(32) });
/** What PayPal sends: the order, the buyer's address (only country, state, city and postcode) and option. */
const callbackBody = z.object({
  id: z.string().min(1).max(64),
  shipping_address: z.object({
    country_code: z.string().regex(/^[A-Z]{2}$/),
    admin_area_1: z.string().max(300).optional(),
    admin_area_2: z.string().max(300).optional(),
    postal_code: z.string().max(60).optional(),
  }),
  shipping_option: z
    .object({ id: z.string().max(127) })
    .partial()
    .optional(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().max(256).optional(),
        amount: money.extend({ breakdown: z.object({ item_total: money.optional() }).optional() }),
      }),
    )
    .min(1),
});

type CallbackAnswer = { status: number; body: Record<string, unknown> };
const NOT_OURS: CallbackAnswer = {
  status: 404,
  body: { name: "RESOURCE_NOT_FOUND", message: "The order is not known for this callback." },
};

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * PayPal's order-update callback: the options and amount for the buyer's address, from the order's own plan. A
 * call that is not about one of our orders that ship (unknown order, wrong secret, another currency or item total
 * than the order was created with) changes nothing and gets no prices. A country or state the store does not ship
 * to answers PayPal's 422 with its issue name, so PayPal's window asks the buyer for another address.
 */
export async function answerOrderCallback(token: string | null, input: unknown): Promise<CallbackAnswer> {
  const parsed = callbackBody.safeParse(input);
  if (!token || !parsed.success) {
    return { status: 400, body: { name: "INVALID_REQUEST", message: "Request is not well-formed." } };
  }
  const body = parsed.data;
  const session = await db.checkoutSession.findUnique({
    where: { paypalOrderId: body.id },
    select: { callbackToken: true, orderPlan: true, currency: true, amountMinor: true, discountMinor: true },
  });
  const plan = asOrderPlan(session?.orderPlan);
  if (!session?.callbackToken || !plan || !sameSecret(session.callbackToken, token)) return NOT_OURS;
  const unit = body.purchase_units[0]!;
  const currency = session.currency;
  const itemTotal = unit.amount.breakdown?.item_total;
  if (
    unit.amount.currency_code !== currency ||
    (itemTotal && toMinorUnits(itemTotal.value, currency) !== session.amountMinor + session.discountMinor)
  ) {
    logger.warn("order-update callback does not match its order", { orderId: body.id });
    return NOT_OURS;
  }
  const address = body.shipping_address;
  const price = priceOrder(
    plan,
    { countryCode: address.country_code, region: address.admin_area_1 ?? null },
    body.shipping_option?.id ?? null,
  );
  if ("refusal" in price) {
    return { status: 422, body: { name: "UNPROCESSABLE_ENTITY", details: [{ issue: price.refusal }] } };
  }
  const value = (minor: number) => ({ currency_code: currency, value: toDecimalString(minor, currency) });
  return {
    status: 200,
    body: {
      id: body.id,
      purchase_units: [
        {
          reference_id: unit.reference_id ?? "default",
          amount: {
            ...value(price.totalMinor),
            breakdown: breakdownOf(price, session.discountMinor, value),
          },
          shipping_options: price.options.map((option) => ({
            id: option.id,
            label: option.label,
            type: "SHIPPING",
            amount: value(option.amountMinor),
            selected: option.selected,
          })),
        },
      ],
    },
  };
}

/** PayPal's breakdown of the price: items before the discount, less it, plus shipping and tax. */
function breakdownOf(
  price: OrderPrice,
  discountMinor: number,
  value: (minor: number) => { currency_code: string; value: string },
) {
  return {
    item_total: value(price.itemTotalMinor + discountMinor),
    shipping: value(price.shippingMinor),
    ...(price.taxMinor > 0 && { tax_total: value(price.taxMinor) }),
    ...(discountMinor > 0 && { discount: value(discountMinor) }),
  };
}

/**
 * What PayPal may capture for an order: its amount as created, or for one that ships, our price for the address
 * and option the buyer approved with, or for a digital one with EU VAT, its price for the buyer's country (null when
 * there is no plan). An approved order we would not ship, or whose
 * amount is not our price, is refused before any money moves.
 */
export function priceForCapture(
  session: { orderPlan: unknown; amountMinor: number },
  order: Pick<PayPalOrder, "id" | "status" | "amount" | "shipping" | "shippingOptionId">,
): { amountMinor: number; price: OrderPrice | null } {
  const plan = asOrderPlan(session.orderPlan);
  // A digital order is taxed where its buyer said they are; one that ships, at the address approved in PayPal.
  const where = plan?.buyer ? { countryCode: plan.buyer.country, region: null } : order.shipping;
  if (!plan || !where) return { amountMinor: session.amountMinor, price: null };
  const price = priceOrder(plan, where, order.shippingOptionId);
  // Captured already (our earlier call, or PayPal's webhook came first): the money moved, so it is recorded as is.
  if (order.status === "COMPLETED") {
    return "refusal" in price
      ? { amountMinor: order.amount.valueMinor, price: null }
      : { amountMinor: price.totalMinor, price };
  }
  if ("refusal" in price) throw new AppError("CONFLICT", shippingMessages.cannotShip);
  if (order.amount.valueMinor !== price.totalMinor) {
    logger.warn("PayPal order amount is not our price for its address", {
      orderId: order.id,
      amount: order.amount.valueMinor,
      price: price.totalMinor,
    });
    throw new AppError("CONFLICT", shippingMessages.priceChanged);
  }
  return { amountMinor: price.totalMinor, price };
}
