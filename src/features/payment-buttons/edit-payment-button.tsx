"use client";

import { AlertTriangle } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "~/features/payment-buttons/format";
import { PaymentButtonForm, type StoreConnection } from "~/features/payment-buttons/payment-button-form";
import { api, userMessageOf } from "~/trpc/react";

/** SPEC 2.8 edit: loads the merchant's own button; an unknown or foreign id shows 'Error Loading Button'. */
export function EditPaymentButton({ id, store }: { id: string; store: StoreConnection }) {
  const router = useRouter();
  const utils = api.useUtils();
  // A missing button stays missing: retrying would only delay the error card.
  const button = api.pages.getButton.useQuery({ id }, { retry: false, refetchOnWindowFocus: false });
  const update = api.pages.updateButton.useMutation();

  if (button.isPending) return <Spinner label="Loading payment button..." />;

  if (button.isError) {
    return (
      <Card className="mx-auto max-w-lg space-y-4 p-8 text-center">
        <AlertTriangle aria-hidden className="mx-auto size-10 text-red-500" />
        <h2 className="text-xl font-semibold text-gray-900">Error Loading Button</h2>
        <p role="alert" className="text-sm text-red-700">
          {userMessageOf(button.error, "Failed to load payment button")}
        </p>
        <Link href="/dashboard/pages" className={buttonClasses("primary")}>
          Return to Pages
        </Link>
      </Card>
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
