import { PopScreen } from "~/app/dashboard/pages/_components/pop-screen";
import { EditPaymentButton } from "~/features/payment-buttons/edit-payment-button";

export const metadata = { title: "Edit Payment Button · Popkit" };

export default async function EditPaymentButtonPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <PopScreen
      back={{ href: "/dashboard/pages", label: "Back to Pages" }}
      title="Edit Payment Button"
      description="Changes apply to every site where this button is embedded."
      form={(store) => <EditPaymentButton id={id} store={store} />}
    />
  );
}
