// Payments the demo records for orders it made in the PayPal simulator.
import type { Currency } from "../../src/generated/prisma/enums";

/** The one line of a one-item payment, as the capture writes it: the POP at its price, and its tax. */
export function demoItemLine(
  merchantId: string,
  button: { id: string; name: string; amountMinor: number; currency: Currency },
  taxMinor: number,
  createdAt: Date,
) {
  return {
    create: {
      merchantId,
      position: 0,
      origin: "item" as const,
      buttonId: button.id,
      name: button.name,
      quantity: 1,
      unitAmountMinor: button.amountMinor,
      amountMinor: button.amountMinor,
      taxMinor,
      currency: button.currency,
      createdAt,
    },
  };
}
