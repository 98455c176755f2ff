import { BackLink } from "~/app/dashboard/pages/_components/pop-screen";
import { PageHeader } from "~/components/ui/page-header";
import { env } from "~/env";
import { EditWpsButton } from "~/features/wps/edit-wps-button";

export const metadata = { title: "Edit WPS Button · Popkit" };

export default async function EditWpsButtonPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        back={<BackLink href="/dashboard/pages?tab=wps-buttons">Back to Pages</BackLink>}
        title="Edit WPS Button"
        description="Changes apply to every site where this button's script is embedded."
      />
      <EditWpsButton
        id={id}
        appUrl={env.APP_URL}
        actions={{ sandbox: env.PAYPAL_WPS_URL_SANDBOX, live: env.PAYPAL_WPS_URL_LIVE }}
      />
    </div>
  );
}
