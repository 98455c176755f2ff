import { CreatePopLink } from "~/features/payment-buttons/create-pop-link";
import { PageHeader } from "~/components/ui/page-header";
import { env } from "~/env";
import { PagesTabs } from "~/features/payment-buttons/pages-tabs";

export const metadata = { title: "Checkout Pages · Popkit" };

export default function CheckoutPagesPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Checkout Pages"
        description="Your payment buttons, digital sell pages and WPS buttons."
        actions={<CreatePopLink />}
      />
      {/* The embed snippet must name this app's public address, which only the server knows. */}
      <PagesTabs appUrl={env.APP_URL} />
    </div>
  );
}
