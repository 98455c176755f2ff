import { PopNotFound } from "~/features/payment-buttons/page-load-status";

export default function PaymentButtonNotFound() {
  return <PopNotFound title="Error Loading Button" message="Payment button not found" returnHref="/dashboard/pages" />;
}
