import { PopScreen } from "~/app/dashboard/pages/_components/pop-screen";
import { CreateSellPage } from "~/features/sell-pages/create-sell-page";

export const metadata = { title: "New Digital Sell Page · Popkit" };

export default function NewDigitalSellPagePage() {
  return (
    <PopScreen
      back={{ href: "/dashboard/pages/create-pop", label: "Back to Create a POP" }}
      title="New Digital Sell Page"
      description="A hosted sales page for a digital product, with up to two packages and automatic, secure delivery."
      form={(store) => <CreateSellPage store={store} />}
    />
  );
}
