import { Badge } from "~/components/ui/badge";
import { Money } from "~/components/ui/money";
import type { Currency } from "~/lib/money";
import { sellingToolLabels } from "~/lib/selling-tools";

type LineRow = {
  id: string;
  origin: "item" | "bump" | "upsell" | "cart";
  name: string;
  quantity: number;
  unitAmountMinor: number;
  discountMinor: number;
  amountMinor: number;
  refundedMinor: number;
};

const originLabels = { item: null, ...sellingToolLabels } as const;

/** A payment's items in its PayPal order's order: name, where it came from, units, price, discount and refunds. */
export function PaymentLines({ lines, currency }: { lines: LineRow[]; currency: Currency }) {
  return (
    <ul className="divide-y divide-gray-100">
      {lines.map((line) => (
        <li key={line.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium text-gray-900">{line.name}</span>
            {originLabels[line.origin] && <Badge tone="blue">{originLabels[line.origin]}</Badge>}
            {line.quantity > 1 && (
              <span className="text-gray-600">
                {line.quantity} × <Money amountMinor={line.unitAmountMinor} currency={currency} />
              </span>
            )}
          </span>
          <span className="flex flex-wrap items-center gap-2 text-gray-700">
            {line.discountMinor > 0 && (
              <span className="text-gray-600">
                −<Money amountMinor={line.discountMinor} currency={currency} /> discount
              </span>
            )}
            <Money amountMinor={line.amountMinor} currency={currency} className="font-medium" />
            {line.refundedMinor > 0 && (
              <Badge tone="gray">
                <Money amountMinor={line.refundedMinor} currency={currency} /> refunded
              </Badge>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
