import { BackLink } from "~/features/payments/back-link";
import { PageHeader } from "~/components/ui/page-header";
import { env } from "~/env";
import { WpsButtonEditor } from "~/features/wps/wps-button-editor";

export const metadata = { title: "New WPS Button · Popkit" };

export default function NewWpsButtonPage() {
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        back={
          <BackLink tone="muted" href="/dashboard/pages/create-pop">
            Back to Create a POP
          </BackLink>
        }
        title="New WPS Button"
        description="A PayPal Website Payments Standard Buy Now button: buyers pay on PayPal's own page."
      />
      {/* The form's own address and PayPal's web-script hosts are server configuration. */}
      <WpsButtonEditor
        appUrl={env.APP_URL}
        actions={{ sandbox: env.PAYPAL_WPS_URL_SANDBOX, live: env.PAYPAL_WPS_URL_LIVE }}
      />
    </div>
  );
}
