import type { Metadata } from "next";
import { PaymentReceipt } from "~/features/portal/payment-receipt";
import { PortalHeader } from "~/features/portal/portal-header";
import { orNotFound, requireBuyer } from "~/server/portal/current-buyer";
import { portalWpsPayment } from "~/server/portal/portal";

export const metadata: Metadata = { title: "Receipt" };

/** One payment made through a WPS button: the receipt and its refunds. */
export default async function PortalWpsPaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const email = await requireBuyer(`/portal/payments/wps/${id}`);
  const { payment, refunds, store } = await orNotFound(portalWpsPayment(email, id));
  return (
    <>
      <PortalHeader email={email} back />
      <PaymentReceipt payment={payment} refunds={refunds} store={store} />
    </>
  );
}
