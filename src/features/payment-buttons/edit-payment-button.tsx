"use client";

import { useRouter } from "next/navigation";
import { Card } from "~/components/ui/card";
import type { StoreConnection } from "~/features/payment-buttons/checkout-settings-fields";
import { formatDateTime } from "~/features/payment-buttons/format";
import { PageLoadStatus } from "~/features/payment-buttons/page-load-status";
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
      <Card className="p-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-gray-500">Button ID</dt>
            <dd className="font-mono break-all text-gray-900">{data.id}</dd>
          </div>
          <div>
            <dt className="text-gray-500">Created</dt>
            <dd className="text-gray-900">{formatDateTime(data.createdAt)}</dd>
          </div>
          <div>
            <dt className="text-gray-500">Last updated</dt>
            <dd className="text-gray-900">{formatDateTime(data.updatedAt)}</dd>
          </div>
        </dl>
      </Card>
      <PaymentButtonForm
        initialValues={data.values}
        store={store}
        preview={{ kind: "saved", buttonId: data.id }}
        failureMessage="Failed to update payment button"
        onSave={async (values) => {
          await update.mutateAsync({ id: data.id, values });
          await utils.pages.invalidate();
          router.push("/dashboard/pages");
        }}
      />
    </div>
  );
}
