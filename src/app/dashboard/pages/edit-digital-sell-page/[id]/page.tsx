import { LicenseSettingsCards } from "~/app/dashboard/pages/_components/license-settings-cards";
import { PopScreen } from "~/app/dashboard/pages/_components/pop-screen";
import { decodeParam, orNotFound } from "~/app/dashboard/payments/list-params";
import { EditSellPage } from "~/features/sell-pages/edit-sell-page";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Edit Digital Sell Page · Popkit" };

export default async function EditDigitalSellPagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const page = await orNotFound((await serverApi()).pages.sellPages.get({ id: decodeParam(id) }));
  // Buyers pay each bundle through a payment button of its own: each has its own license keys.
  const { basic, premium } = page.bundleButtonIds;
  const bundles = [
    ...(basic ? [{ buttonId: basic, title: "License keys: Basic Bundle" }] : []),
    ...(premium ? [{ buttonId: premium, title: "License keys: Premium Bundle" }] : []),
  ];
  return (
    <PopScreen
      back={{ href: "/dashboard/pages?tab=digital-sell-pages", label: "Back to Pages" }}
      title="Edit Digital Sell Page"
      description="Changes apply to the live page and its packages at once."
      form={(store) => (
        <>
          <EditSellPage page={page} store={store} />
          <LicenseSettingsCards buttons={bundles} />
        </>
      )}
    />
  );
}
