import type { ReactNode } from "react";
import { PageHeader } from "~/components/ui/page-header";
import { BackLink } from "~/features/payments/back-link";
import type { StoreConnection } from "~/features/payment-buttons/checkout-settings-fields";
import { serverApi } from "~/trpc/server";

/**
 * A create or edit screen of a POP: back link, title, then the form, given the store's PayPal connection from
 * Store Settings (the client ID to pre-fill, and whether buyers can pay yet).
 */
export async function PopScreen({
  back,
  title,
  description,
  form,
}: {
  back: { href: string; label: string };
  title: string;
  description: string;
  form(store: StoreConnection): ReactNode;
}) {
  const settings = await (await serverApi()).merchant.store.get();
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        back={
          <BackLink tone="muted" href={back.href}>
            {back.label}
          </BackLink>
        }
        title={title}
        description={description}
      />
      {form({ paypalClientId: settings.paypalClientId, hasPaypalSecret: settings.hasPaypalSecret })}
    </div>
  );
}
