"use client";

import { useRouter } from "next/navigation";
import { toast } from "~/components/ui/toast";
import type { StoreConnection } from "~/features/payment-buttons/checkout-settings-fields";
import { PopFacts } from "~/features/payment-buttons/page-load-status";
import { SellPageForm, type SlotFile } from "~/features/sell-pages/sell-page-form";
import { api, type RouterOutputs } from "~/trpc/react";

type SellPage = RouterOutputs["pages"]["sellPages"]["get"];
type FileView = SellPage["files"]["productImage"];

const saved = (file: FileView): SlotFile | null => (file ? { ...file, isSaved: true } : null);

/**
 * Edit: the merchant's own page, read by the page on the server, so the form's first paint shows its saved
 * values (an unknown or foreign id is the page's 404, 'Error Loading Page').
 */
export function EditSellPage({ page, store }: { page: SellPage; store: StoreConnection }) {
  const router = useRouter();
  const utils = api.useUtils();
  const update = api.pages.sellPages.update.useMutation();
  return (
    <div className="space-y-6">
      <PopFacts
        name={page.values.name}
        idLabel="Page ID"
        id={page.id}
        createdAt={page.createdAt}
        updatedAt={page.updatedAt}
      />
      <SellPageForm
        initialValues={page.values}
        initialFiles={{
          productImageId: saved(page.files.productImage),
          merchantLogoId: saved(page.files.merchantLogo),
          downloadableFileId: saved(page.files.downloadableFile),
        }}
        store={store}
        labels={{ submit: "Update Digital Sell Page", submitting: "Updating..." }}
        failureMessage="Failed to update digital sell page. Please try again."
        soldCounts={page.soldCounts}
        pageId={page.id}
        onSave={async (values) => {
          await update.mutateAsync({ id: page.id, values });
          await Promise.all([utils.pages.sellPages.invalidate(), utils.pages.invalidate()]);
          toast.success("Digital sell page saved");
          router.push(`/dashboard/pages?tab=digital-sell-pages&saved=${encodeURIComponent(page.id)}`);
        }}
      />
    </div>
  );
}
