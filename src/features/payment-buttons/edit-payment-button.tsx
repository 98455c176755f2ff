"use client";

import { useRouter } from "next/navigation";
import { toast } from "~/components/ui/toast";
import type { StoreConnection } from "~/features/payment-buttons/checkout-settings-fields";
import { PopFacts } from "~/features/payment-buttons/page-load-status";
import { PaymentButtonForm } from "~/features/payment-buttons/payment-button-form";
import { api, type RouterOutputs } from "~/trpc/react";

/**
 * Edit: the merchant's own button, read by the page on the server, so the form's first paint shows its
 * saved values (an unknown or foreign id is the page's 404, 'Error Loading Button').
 */
export function EditPaymentButton({
  button,
  store,
}: {
  button: RouterOutputs["pages"]["buttons"]["get"];
  store: StoreConnection;
}) {
  const router = useRouter();
  const utils = api.useUtils();
  const update = api.pages.buttons.update.useMutation();
  return (
    <div className="space-y-6">
      <PopFacts idLabel="Button ID" id={button.id} createdAt={button.createdAt} updatedAt={button.updatedAt} />
      <PaymentButtonForm
        initialValues={button.values}
        store={store}
        preview={{ kind: "saved", buttonId: button.id }}
        failureMessage="Failed to update payment button"
        onSave={async (values) => {
          await update.mutateAsync({ id: button.id, values });
          await utils.pages.invalidate();
          toast.success("Payment button saved");
          router.push(`/dashboard/pages?saved=${encodeURIComponent(button.id)}`);
        }}
      />
    </div>
  );
}
