// The saved button style (the button_style column) as the PayPal JS SDK's `style` option. Pure, so the checkout
// page's React button and the embed script render a button the same way.

export type SavedButtonStyle = {
  color: "gold" | "blue" | "silver" | "white" | "black";
  shape: "rect" | "pill";
  size: "small" | "medium" | "large";
  label: "paypal" | "checkout" | "buynow" | "pay" | "subscribe";
};

/** PayPal sizes buttons by height (25-55 px), not by name. */
const HEIGHTS: Record<SavedButtonStyle["size"], number> = { small: 35, medium: 45, large: 55 };

export function sdkButtonStyle(style: SavedButtonStyle) {
  return {
    layout: "vertical" as const,
    color: style.color,
    shape: style.shape,
    label: style.label,
    height: HEIGHTS[style.size],
  };
}

/** The SDK script's query for a button: subscriptions need vault=true and intent=subscription. */
export function sdkQuery(button: { clientId: string; currency: string; isSubscription: boolean }) {
  return {
    clientId: button.clientId,
    currency: button.currency,
    intent: button.isSubscription ? ("subscription" as const) : ("capture" as const),
    vault: button.isSubscription,
  };
}

/** A window property name per button, so the SDK never touches the host page's own window.paypal. */
export function sdkNamespace(buttonId: string): string {
  return `popkitPayPal_${buttonId.replace(/[^A-Za-z0-9_]/g, "_")}`;
}
