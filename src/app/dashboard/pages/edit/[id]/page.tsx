import { LicenseSettingsCards } from "~/app/dashboard/pages/_components/license-settings-cards";
import { PopScreen } from "~/app/dashboard/pages/_components/pop-screen";
import { decodeParam, orNotFound } from "~/app/dashboard/payments/list-params";
import { EditPaymentButton } from "~/features/payment-buttons/edit-payment-button";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Edit Payment Button · Popkit" };

export default async function EditPaymentButtonPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const button = await orNotFound((await serverApi()).pages.buttons.get({ id: decodeParam(id) }));
  return (
    <PopScreen
      back={{ href: "/dashboard/pages", label: "Back to Pages" }}
      title="Edit Payment Button"
      description="Changes apply to every site where this button is embedded."
      form={(store) => (
        <>
          <EditPaymentButton button={button} store={store} />
          <LicenseSettingsCards buttons={[{ buttonId: button.id }]} />
        </>
      )}
    />
  );
}
