import { randomUUID } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { CreateOrderInput } from "~/schemas/checkout";
import { checkoutMessages } from "~/lib/checkout-messages";
import { taxLabel } from "~/lib/eu-vat";
import { formatMoney } from "~/lib/money";
import type { OrderPlan } from "~/lib/order-pricing";
import { env } from "~/env";
import { databaseQueueLength, db } from "~/server/platform/db";
import { AppError, toAppError } from "~/server/platform/errors";
import { describeQuote, quoteCheckout, type Quote } from "~/server/checkout/pricing";
import {
  BUTTON_NOT_FOUND,
  type ButtonRow,
  findButton,
  itemNameOf,
  offeredBump,
  offeredUpsell,
  payableWhere,
} from "~/server/checkout/public-button";
import { sellerPayPal, withPayPal } from "~/server/checkout/seller-paypal";
import { digitalTaxFor } from "~/server/checkout/digital-tax";
import { newOrderCallback, orderPlanFor } from "~/server/checkout/shipping";
import { planLimitMessage } from "~/server/plans/plans";

// The buyer never tells us a price: orders are created here from the button's stored amount and what the seller
// lets the buyer choose, and captured (capture.ts) from PayPal's own answer.

/**
 * Under a burst the database queue is the load: new checkouts are refused before they join it (and before any
 * money moves), so the captures of buyers who already approved, never refused, get through in time.
 */
export function refuseNewCheckoutWhenBusy(): void {
  if (databaseQueueLength() > env.CHECKOUT_BUSY_QUEUE) throw new AppError("BUSY", checkoutMessages.busy);
}

/**
 * PayPal apps that refused to save a wallet (NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE), by client id: their orders are
 * created without asking for a day, so their buyers do not wait for a refused call on every checkout; their
 * upsells open PayPal's window instead of charging in one click.
 */
const notVaulting = new LRUCache<string, true>({ max: 10_000, ttl: 24 * 60 * 60 * 1000 });
const VAULT_REFUSED = "NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE";

/**
 * Creates the PayPal order for a one-time button, priced here from the button and what the seller lets the buyer
 * choose (checkout/pricing.ts), and counts the checkout start.
 */
export async function createOrder({ buttonId, ...choice }: CreateOrderInput): Promise<{ orderId: string }> {
  const button = await findButton(payableWhere(buttonId));
  if (!button) throw new AppError("NOT_FOUND", BUTTON_NOT_FOUND);
  // A store over its plan's monthly limit takes no new checkouts; an order already approved is still captured.
  const overLimit = await planLimitMessage(button.merchantId);
  if (overLimit) throw new AppError("CONFLICT", overLimit);
  const quote = await quoteCheckout(button, choice);
  const paypal = sellerPayPal(button);
  // A sell-page bundle's order reads '{page name} - {bundle name} Bundle' (its button's name + ' Bundle'), so the
  // buyer's PayPal receipt says which bundle was bought; an order bump is an item of its own.
  const name = itemNameOf(button);
  const items = [{ name, quantity: quote.quantity, unitAmountMinor: quote.unitAmountMinor }];
  if (quote.bump) items.push({ name: quote.bump.name, quantity: 1, unitAmountMinor: quote.bump.unitAmountMinor });
  const lines = planLines(button, quote);
  // An order that ships is priced by PayPal's callback for the buyer's address, from the store's rates as they are
  // now; a digital one carries the EU VAT of the country its buyer named, when the store charges it.
  const ships = button.ships || quote.bump?.ships === true;
  const shipping = ships ? newOrderCallback() : null;
  const vat = ships ? null : digitalTaxFor(button, button.currency, lines, choice);
  const plan = ships ? await orderPlanFor(button.merchantId, button.currency, lines) : (vat?.plan ?? null);
  const taxMinor = vat?.price.taxMinor ?? 0;
  const amount = { currency: button.currency, valueMinor: quote.totalMinor + taxMinor };
  // A POP with a one-click upsell asks PayPal to save the buyer's wallet with this order, for the offer after it.
  const wantsVault = offeredUpsell(button) !== null && !notVaulting.has(button.paypalClientId);
  const create = (vault: boolean) =>
    paypal.client.createOrder({
      vault,
      ships,
      callbackUrl: shipping?.url,
      amount,
      items,
      discountMinor: quote.discountMinor,
      taxMinor,
      customId: button.id,
      description: [
        quote.quantity > 1 ? `${quote.quantity} × ${name}` : name,
        quote.bump && `+ ${quote.bump.name}`,
        quote.discount && `(code ${quote.discount.code})`,
      ]
        .filter(Boolean)
        .join(" "),
      // A fresh key per checkout: each click is a new order, and a retried request cannot create two.
      requestId: `popkit-order-${randomUUID()}`,
    });
  let vaultRequested = wantsVault;
  const order = await withPayPal("create order", () =>
    create(wantsVault).catch((error: unknown) => {
      if (!wantsVault || toAppError(error)?.issue !== VAULT_REFUSED) throw error;
      notVaulting.set(button.paypalClientId, true);
      vaultRequested = false;
      return create(false);
    }),
  );
  // The session remembers what we asked PayPal for: the capture checks the order against it.
  await db.checkoutSession.create({
    data: {
      merchantId: button.merchantId,
      buttonId: button.id,
      sellPageId: button.sellPageId,
      paypalOrderId: order.id,
      // Items after the discount: shipping and tax are priced from the plan.
      amountMinor: quote.totalMinor,
      currency: amount.currency,
      quantity: quote.quantity,
      discountCodeId: quote.discount?.id ?? null,
      discountMinor: quote.discountMinor,
      bumpOffered: offeredBump(button) !== null,
      vaultRequested,
      bumpButtonId: quote.bump?.buttonId ?? null,
      bumpAmountMinor: quote.bump?.unitAmountMinor ?? null,
      ...(plan && { orderPlan: plan, callbackToken: shipping?.token }),
    },
  });
  return { orderId: order.id };
}

/** The order's lines as its plan prices them: the POP after its discount, and the order bump. */
function planLines(button: ButtonRow, quote: Quote): OrderPlan["lines"] {
  return [
    {
      amountMinor: quote.subtotalMinor - quote.discountMinor,
      quantity: quote.quantity,
      ships: button.ships,
      taxIncluded: button.taxIncluded,
    },
    ...(quote.bump
      ? [
          {
            amountMinor: quote.bump.unitAmountMinor,
            quantity: 1,
            ships: quote.bump.ships,
            taxIncluded: quote.bump.taxIncluded,
          },
        ]
      : []),
  ];
}

/**
 * The "Apply" preview of the buyer's page: the total the order would have, with the EU VAT of the country the buyer
 * chose. Refusals are the buyer's sentences.
 */
export async function quoteOrder({ buttonId, ...choice }: CreateOrderInput) {
  const button = await findButton(payableWhere(buttonId));
  if (!button) throw new AppError("NOT_FOUND", BUTTON_NOT_FOUND);
  const quote = await quoteCheckout(button, choice);
  const ships = button.ships || quote.bump?.ships === true;
  const vat =
    ships || !choice.buyerCountry ? null : digitalTaxFor(button, button.currency, planLines(button, quote), choice);
  const taxMinor = vat?.price.taxMinor ?? 0;
  return {
    ...describeQuote(quote),
    total: formatMoney(quote.totalMinor + taxMinor, button.currency),
    vatText: taxMinor > 0 ? `${taxLabel(vat!.plan.buyer!.country)}: ${formatMoney(taxMinor, button.currency)}` : null,
  };
}
