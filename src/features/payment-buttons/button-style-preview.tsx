import { cn } from "~/lib/cn";
import type { PaymentButtonInput } from "~/schemas/payment-buttons";

type Style = PaymentButtonInput["style"];

// PayPal's own button colours, so the mock looks like what buyers will see.
const colors: Record<Style["color"], { background: string; border: string; isDark: boolean }> = {
  gold: { background: "#FFC439", border: "#FFC439", isDark: false },
  blue: { background: "#0070BA", border: "#0070BA", isDark: true },
  silver: { background: "#EEEEEE", border: "#EEEEEE", isDark: false },
  white: { background: "#FFFFFF", border: "#555555", isDark: false },
  black: { background: "#2C2E2F", border: "#2C2E2F", isDark: true },
};

// PayPal's small/medium/large buttons are 25/35/45 px tall and up to 150/250/350 px wide.
const sizes: Record<Style["size"], { height: number; maxWidth: number; fontSize: number }> = {
  small: { height: 25, maxWidth: 150, fontSize: 12 },
  medium: { height: 35, maxWidth: 250, fontSize: 15 },
  large: { height: 45, maxWidth: 350, fontSize: 18 },
};

const labelText: Record<Style["label"], { before?: string; after?: string }> = {
  paypal: {},
  checkout: { after: "Checkout" },
  buynow: { after: "Buy Now" },
  pay: { before: "Pay with" },
  subscribe: { after: "Subscribe" },
};

const labelNames: Record<Style["label"], string> = {
  paypal: "PayPal",
  checkout: "PayPal Checkout",
  buynow: "PayPal Buy Now",
  pay: "Pay with PayPal",
  subscribe: "PayPal Subscribe",
};

/**
 * A static look-alike of the PayPal button in the chosen style. The real button comes from PayPal's SDK and needs
 * a saved button, so the form shows this while editing; "Preview Button" on the edit screen shows the real one.
 */
export function ButtonStylePreview({ style }: { style: Style }) {
  const color = colors[style.color];
  const size = sizes[style.size];
  const text = labelText[style.label];
  const textColor = color.isDark ? "#FFFFFF" : "#111111";
  return (
    <div
      role="img"
      aria-label={`Button preview: ${labelNames[style.label]}, ${style.color}, ${style.shape === "pill" ? "pill" : "rectangle"}, ${style.size}`}
      className={cn(
        "flex w-full items-center justify-center gap-1.5 border font-sans whitespace-nowrap select-none",
        style.shape === "pill" ? "rounded-full" : "rounded",
      )}
      style={{
        height: size.height,
        maxWidth: size.maxWidth,
        fontSize: size.fontSize,
        background: color.background,
        borderColor: color.border,
        color: textColor,
      }}
    >
      {text.before && <span>{text.before}</span>}
      <span className="font-bold italic">
        <span style={{ color: color.isDark ? "#FFFFFF" : "#003087" }}>Pay</span>
        {/* PayPal's own light blue (#009CDE) reads at under 3:1 on gold; this darker one passes 4.5:1. */}
        <span style={{ color: color.isDark ? "#FFFFFF" : "#00579A" }}>Pal</span>
      </span>
      {text.after && <span>{text.after}</span>}
    </div>
  );
}
