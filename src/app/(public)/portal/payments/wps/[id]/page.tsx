import type { Metadata } from "next";
import { InvoicesSection } from "~/features/portal/invoices-section";
import { PaymentReceipt } from "~/features/portal/payment-receipt";
import { PortalHeader } from "~/features/portal/portal-header";
import { invoicesOf } from "~/server/invoices/invoices";
import { orNotFound, requireBuyer } from "~/server/portal/current-buyer";
import { portalWpsPayment } from "~/server/portal/portal";

export const metadata: Metadata = { title: "Receipt" };

async function load(email: string, id: string) {
  const detail = await portalWpsPayment(email, id);
  return { ...detail, invoices: await invoicesOf({ buyerEmail: email }, id) };
}

/** One payment made through a WPS button: the receipt, its refunds, its invoices and the buyer's billing details. */
export default async function PortalWpsPaymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const email = await requireBuyer(`/portal/payments/wps/${id}`);
  const { payment, refunds, store, invoices } = await orNotFound(load(email, id));
  return (
    <>
      <PortalHeader email={email} back />
      <PaymentReceipt payment={payment} refunds={refunds} store={store}>
        <InvoicesSection paymentId={payment.id} invoices={invoices} timeZone={store.timeZone} />
      </PaymentReceipt>
    </>
  );
}
