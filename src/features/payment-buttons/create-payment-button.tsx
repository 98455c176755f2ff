"use client";

import { useRouter } from "next/navigation";
import { toast } from "~/components/ui/toast";
import type { StoreConnection } from "~/features/payment-buttons/checkout-settings-fields";
import { PaymentButtonForm } from "~/features/payment-buttons/payment-button-form";
import { paymentButtonDefaults } from "~/schemas/payment-buttons";
import { api } from "~/trpc/react";

/**
 * Create: the form's defaults with the client ID from Store Settings. Success toasts and goes to the pages
 * list, which opens "Your POP is ready" for it (?created=).
 */
export function CreatePaymentButton({ store }: { store: StoreConnection }) {
  const router = useRouter();
  const utils = api.useUtils();
  const create = api.pages.buttons.create.useMutation();
  return (
    <PaymentButtonForm
      initialValues={{ ...paymentButtonDefaults, paypalClientId: store.paypalClientId }}
      store={store}
      preview={{ kind: "after-create" }}
      failureMessage="Failed to create payment button"
      onSave={async (values) => {
        const created = await create.mutateAsync(values);
        await utils.pages.invalidate();
        toast.success("Payment button created");
        router.push(`/dashboard/pages?created=${encodeURIComponent(created.id)}`);
      }}
    />
  );
}
