"use client";

import { useRouter } from "next/navigation";
import { toast } from "~/components/ui/toast";
import type { StoreConnection } from "~/features/payment-buttons/checkout-settings-fields";
import { PageLoadStatus, PopFacts } from "~/features/payment-buttons/page-load-status";
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
      <PopFacts
        name={data.values.name}
        idLabel="Page ID"
        id={data.id}
        createdAt={data.createdAt}
        updatedAt={data.updatedAt}
      />
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
        soldCounts={data.soldCounts}
        onSave={async (values) => {
          await update.mutateAsync({ id: data.id, values });
          await Promise.all([utils.sellPages.invalidate(), utils.pages.invalidate()]);
          toast.success("Digital sell page saved");
          router.push(`/dashboard/pages?tab=digital-sell-pages&saved=${encodeURIComponent(data.id)}`);
        }}
      />
    </div>
  );
}
