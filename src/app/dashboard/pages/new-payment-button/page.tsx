import { PopScreen } from "~/app/dashboard/pages/_components/pop-screen";
import { CreatePaymentButton } from "~/features/payment-buttons/create-payment-button";

export const metadata = { title: "New Payment Button · Popkit" };

export default function NewPaymentButtonPage() {
  return (
    <PopScreen
      back={{ href: "/dashboard/pages/create-pop", label: "Back to Create a POP" }}
      title="New Payment Button"
      description="An embeddable PayPal button for any website, one-time or subscription."
      form={(store) => <CreatePaymentButton store={store} />}
    />
  );
}
