"use client";

import { useRouter } from "next/navigation";
import { toast } from "~/components/ui/toast";
import type { StoreConnection } from "~/features/payment-buttons/checkout-settings-fields";
import { SellPageForm } from "~/features/sell-pages/sell-page-form";
import { sellPageDefaults } from "~/schemas/sell-pages";
import { api } from "~/trpc/react";

const noFiles = { productImageId: null, merchantLogoId: null, downloadableFileId: null };

/** Create: the form's defaults with the client ID from Store Settings; success goes to the pages list. */
export function CreateSellPage({ store }: { store: StoreConnection }) {
  const router = useRouter();
  const utils = api.useUtils();
  const create = api.pages.sellPages.create.useMutation();
  return (
    <SellPageForm
      initialValues={{ ...sellPageDefaults, paypalClientId: store.paypalClientId }}
      initialFiles={noFiles}
      store={store}
      labels={{ submit: "Create Digital Sell Page", submitting: "Creating..." }}
      failureMessage="Failed to create digital sell page. Please try again."
      uploadsDeletedOnFailure
      onSave={async (values) => {
        const created = await create.mutateAsync(values);
        await Promise.all([utils.pages.sellPages.invalidate(), utils.pages.invalidate()]);
        toast.success("Digital sell page created");
        router.push(`/dashboard/pages?tab=digital-sell-pages&created=${encodeURIComponent(created.id)}`);
      }}
    />
  );
}
