"use client";

import { useRouter } from "next/navigation";
import { toast } from "~/components/ui/toast";
import type { StoreConnection } from "~/features/payment-buttons/checkout-settings-fields";
import { PageLoadStatus, PopFacts } from "~/features/payment-buttons/page-load-status";
import { PaymentButtonForm } from "~/features/payment-buttons/payment-button-form";
import { api } from "~/trpc/react";

/** SPEC 2.8 edit: loads the merchant's own button; an unknown or foreign id shows 'Error Loading Button'. */
export function EditPaymentButton({ id, store }: { id: string; store: StoreConnection }) {
  const router = useRouter();
  const utils = api.useUtils();
  // A missing button stays missing: retrying would only delay the error card.
  const button = api.pages.getButton.useQuery({ id }, { retry: false, refetchOnWindowFocus: false });
  const update = api.pages.updateButton.useMutation();

  if (!button.isSuccess) {
    return (
      <PageLoadStatus
        query={button}
        loadingLabel="Loading payment button..."
        errorTitle="Error Loading Button"
        errorFallback="Failed to load payment button"
        returnHref="/dashboard/pages"
      />
    );
  }

  const { data } = button;
  return (
    <div className="space-y-6">
      <PopFacts idLabel="Button ID" id={data.id} createdAt={data.createdAt} updatedAt={data.updatedAt} />
      <PaymentButtonForm
        initialValues={data.values}
        store={store}
        preview={{ kind: "saved", buttonId: data.id }}
        failureMessage="Failed to update payment button"
        onSave={async (values) => {
          await update.mutateAsync({ id: data.id, values });
          await utils.pages.invalidate();
          toast.success("Payment button saved");
          router.push(`/dashboard/pages?saved=${encodeURIComponent(data.id)}`);
        }}
      />
    </div>
  );
}
