import { Badge } from "~/components/ui/badge";
import { DateTime } from "~/components/ui/date-time";
import { DetailCard, DetailRow, detailLinkClasses as link } from "~/features/payments/detail-card";
import { MarkDeliveredButton, MarkShippedDialog } from "~/features/shipping/mark-shipped-dialog";
import { fulfilmentLabels } from "~/schemas/shipping";
import type { RouterOutputs } from "~/trpc/react";

type Shipment = NonNullable<RouterOutputs["merchant"]["payments"]["get"]["shipment"]>;

const tones = { unfulfilled: "yellow", shipped: "blue", delivered: "green" } as const;

/** A payment's "Fulfilment" card: where the order is, its tracking, and the next step for the seller. */
export function ShipmentCard({ paymentId, shipment }: { paymentId: string; shipment: Shipment }) {
  const status = shipment.fulfilment ?? "unfulfilled";
  return (
    <DetailCard
      title="Fulfilment"
      actions={
        <div className="flex flex-wrap gap-2">
          {status === "shipped" && <MarkDeliveredButton paymentId={paymentId} />}
          <MarkShippedDialog
            paymentId={paymentId}
            label={status === "unfulfilled" ? "Mark shipped" : "Edit tracking"}
          />
        </div>
      }
    >
      <DetailRow label="Status">
        <Badge tone={tones[status]}>{fulfilmentLabels[status]}</Badge>
      </DetailRow>
      {shipment.trackingNumber && (
        <DetailRow label="Tracking">
          {shipment.carrier}{" "}
          {shipment.trackingUrl ? (
            <a href={shipment.trackingUrl} className={link} target="_blank" rel="noreferrer">
              {shipment.trackingNumber}
            </a>
          ) : (
            shipment.trackingNumber
          )}
        </DetailRow>
      )}
      {shipment.shippedAt && (
        <DetailRow label="Shipped">
          <DateTime value={shipment.shippedAt} />
        </DetailRow>
      )}
      {shipment.deliveredAt && (
        <DetailRow label="Delivered">
          <DateTime value={shipment.deliveredAt} />
        </DetailRow>
      )}
    </DetailCard>
  );
}
