import { withBack } from "~/features/payments/links";

export const subscribersPath = "/dashboard/customers/subscribers";

/** The subscribers list, of one payment button when `buttonId` is given (the button card's menu links here). */
export function subscribersHref(buttonId?: string) {
  return buttonId ? `${subscribersPath}?button=${encodeURIComponent(buttonId)}` : subscribersPath;
}

export function subscriberHref(id: string, from = subscribersPath) {
  return withBack(`${subscribersPath}/${encodeURIComponent(id)}`, from, subscribersPath);
}
