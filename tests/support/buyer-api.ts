import { POST as capturePost } from "~/app/api/checkout/capture/route";
import { POST as ordersPost } from "~/app/api/checkout/orders/route";
import { POST as quotePost } from "~/app/api/checkout/quote/route";
import { POST as subscriptionsPost } from "~/app/api/checkout/subscriptions/route";
import { POST as subscriptionsStartPost } from "~/app/api/checkout/subscriptions/start/route";
import { POST as upsellPost } from "~/app/api/checkout/upsell/route";
import { POST as cartOrdersPost } from "~/app/api/checkout/cart/orders/route";
import { POST as cartQuotePost } from "~/app/api/checkout/cart/quote/route";
import type { createCartOrder, previewCart } from "~/server/checkout/cart";
import type { answerUpsell } from "~/server/checkout/upsell";
import type { captureOrder } from "~/server/checkout/capture";
import type { createOrder, quoteOrder } from "~/server/checkout/orders";
import { getPublicButton } from "~/server/checkout/public-button";
import type { recordSubscription, startSubscription } from "~/server/checkout/subscription-signup";
import type { z } from "zod";
import {
  checkoutButtonSchema,
  type captureOrderSchema,
  type createOrderSchema,
  type recordSubscriptionSchema,
  type startSubscriptionSchema,
} from "~/schemas/checkout";

type CreateOrderInput = z.input<typeof createOrderSchema>;
type CaptureOrderInput = z.input<typeof captureOrderSchema>;
type RecordSubscriptionInput = z.input<typeof recordSubscriptionSchema>;
type StartSubscriptionInput = z.input<typeof startSubscriptionSchema>;

// What a buyer's page calls: the public checkout endpoints under /api/checkout, invoked as their route handlers
// with a real Request, so a test goes through the same parsing, limits and error answers a buyer does.

/** A refusal as the buyer's page receives it: the HTTP status and the JSON error's code and message. */
export class CheckoutRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** PayPal's issue code when PayPal refused (e.g. INSTRUMENT_DECLINED): the page offers another instrument. */
    readonly issue?: string,
  ) {
    super(message);
    this.name = "CheckoutRefused";
  }
}

const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function post<T>(handler: (request: Request) => Promise<Response>, path: string, body: unknown, ip: string) {
  const response = await handler(
    new Request(`http://localhost:3000/api/checkout/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify(body),
    }),
  );
  const json = (await response.json()) as T & { error?: { code: string; message: string; issue?: string } };
  if (!response.ok) {
    const { code = "", message = "", issue } = json.error ?? {};
    throw new CheckoutRefused(response.status, code, message, issue);
  }
  return json as T;
}

/** One buyer (one address, random unless given) on the public checkout endpoints. */
export function buyerApi(options: { ip?: string } = {}) {
  const ip = options.ip ?? randomIp();
  return {
    /** What the checkout page (/checkout/{id}) renders: the button's public fields, or NOT_FOUND. */
    getButton: (input: { buttonId: string }) => getPublicButton(checkoutButtonSchema.parse(input)),
    quoteOrder: (input: CreateOrderInput) =>
      post<Awaited<ReturnType<typeof quoteOrder>>>(quotePost, "quote", input, ip),
    createOrder: (input: CreateOrderInput) =>
      post<Awaited<ReturnType<typeof createOrder>>>(ordersPost, "orders", input, ip),
    captureOrder: (input: CaptureOrderInput) =>
      post<Awaited<ReturnType<typeof captureOrder>>>(capturePost, "capture", input, ip),
    /** The subscription our server creates at PayPal for the buyer to approve (PayPal's window opens with it). */
    startSubscription: (input: StartSubscriptionInput) =>
      post<Awaited<ReturnType<typeof startSubscription>>>(subscriptionsStartPost, "subscriptions/start", input, ip),
    recordSubscription: (input: RecordSubscriptionInput) =>
      post<Awaited<ReturnType<typeof recordSubscription>>>(subscriptionsPost, "subscriptions", input, ip),
    /** The buyer's "Yes, add it" or "No thanks" to the upsell a capture's answer offered. */
    answerUpsell: (input: { token: string; answer: "yes" | "no" }) =>
      post<Awaited<ReturnType<typeof answerUpsell>>>(upsellPost, "upsell", input, ip),
    /** A store page's cart: its priced lines and total, and its one PayPal order. */
    quoteCart: (input: unknown) =>
      post<Awaited<ReturnType<typeof previewCart>>>(cartQuotePost, "cart/quote", input, ip),
    createCartOrder: (input: unknown) =>
      post<Awaited<ReturnType<typeof createCartOrder>>>(cartOrdersPost, "cart/orders", input, ip),
  };
}
