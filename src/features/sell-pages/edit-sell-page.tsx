"use client";

import { useRouter } from "next/navigation";
import { Card } from "~/components/ui/card";
import type { StoreConnection } from "~/features/payment-buttons/checkout-settings-fields";
import { formatDateTime } from "~/features/payment-buttons/format";
import { PageLoadStatus } from "~/features/payment-buttons/page-load-status";
import { SellPageForm, type SlotFile } from "~/features/sell-pages/sell-page-form";
import { api, type RouterOutputs } from "~/trpc/react";

type FileView = RouterOutputs["sellPages"]["get"]["files"]["productImage"];

const saved = (file: FileView): SlotFile | null => (file ? { ...file, isSaved: true } : null);

/** SPEC 2.10: loads the merchant's own page; an unknown or foreign id shows 'Error Loading Page'. */
export function EditSellPage({ id, store }: { id: string; store: StoreConnection }) {
  const router = useRouter();
  const utils = api.useUtils();
  // A missing page stays missing: retrying would only delay the error card.
  const page = api.sellPages.get.useQuery({ id }, { retry: false, refetchOnWindowFocus: false });
  const update = api.sellPages.update.useMutation();

  if (!page.isSuccess) {
    return (
      <PageLoadStatus
        query={page}
        loadingLabel="Loading digital sell page..."
        errorTitle="Error Loading Page"
        errorFallback="Failed to load digital sell page"
        returnHref="/dashboard/pages?tab=digital-sell-pages"
      />
    );
  }

  const { data } = page;
  return (
    <div className="space-y-6">
      <Card className="bg-brand-50/40 p-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-gray-500">Page name</dt>
            <dd className="font-medium break-words text-gray-900">{data.values.name}</dd>
          </div>
          <div>
            <dt className="text-gray-500">Page ID</dt>
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
      <SellPageForm
        initialValues={data.values}
        initialFiles={{
          productImageId: saved(data.files.productImage),
          merchantLogoId: saved(data.files.merchantLogo),
          downloadableFileId: saved(data.files.downloadableFile),
        }}
        store={store}
        labels={{ submit: "Update Digital Sell Page", submitting: "Updating..." }}
        failureMessage="Failed to update digital sell page. Please try again."
        onSave={async (values) => {
          await update.mutateAsync({ id: data.id, values });
          await Promise.all([utils.sellPages.invalidate(), utils.pages.invalidate()]);
          router.push("/dashboard/pages?tab=digital-sell-pages");
        }}
      />
    </div>
  );
}
