import { BackLink } from "~/features/payments/back-link";
import { decodeParam, orNotFound } from "~/app/dashboard/payments/list-params";
import { PageHeader } from "~/components/ui/page-header";
import { env } from "~/env";
import { WpsButtonEditor } from "~/features/wps/wps-button-editor";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Edit WPS Button · Popkit" };

export default async function EditWpsButtonPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const button = await orNotFound((await serverApi()).wps.get({ id: decodeParam(id) }));
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        back={
          <BackLink tone="muted" href="/dashboard/pages?tab=wps-buttons">
            Back to Pages
          </BackLink>
        }
        title="Edit WPS Button"
        description="Changes apply to every site where this button's script is embedded."
      />
      <WpsButtonEditor
        button={button}
        appUrl={env.APP_URL}
        actions={{ sandbox: env.PAYPAL_WPS_URL_SANDBOX, live: env.PAYPAL_WPS_URL_LIVE }}
      />
    </div>
  );
}
