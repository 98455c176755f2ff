import { PopScreen } from "~/app/dashboard/pages/_components/pop-screen";
import { decodeParam, orNotFound } from "~/app/dashboard/payments/list-params";
import { EditSellPage } from "~/features/sell-pages/edit-sell-page";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Edit Digital Sell Page · Popkit" };

export default async function EditDigitalSellPagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const page = await orNotFound((await serverApi()).pages.sellPages.get({ id: decodeParam(id) }));
  return (
    <PopScreen
      back={{ href: "/dashboard/pages?tab=digital-sell-pages", label: "Back to Pages" }}
      title="Edit Digital Sell Page"
      description="Changes apply to the live page and its packages at once."
      form={(store) => <EditSellPage page={page} store={store} />}
    />
  );
}
