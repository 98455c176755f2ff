"use client";

import { AlertTriangle } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "~/features/payment-buttons/format";
import { SellPageForm, type SlotFile, type StoreConnection } from "~/features/sell-pages/sell-page-form";
import { api, userMessageOf, type RouterOutputs } from "~/trpc/react";

type FileView = RouterOutputs["sellPages"]["get"]["files"]["productImage"];

const saved = (file: FileView): SlotFile | null => (file ? { ...file, isSaved: true } : null);

/** SPEC 2.10: loads the merchant's own page; an unknown or foreign id shows 'Error Loading Page'. */
export function EditSellPage({ id, store }: { id: string; store: StoreConnection }) {
  const router = useRouter();
  const utils = api.useUtils();
  // A missing page stays missing: retrying would only delay the error card.
  const page = api.sellPages.get.useQuery({ id }, { retry: false, refetchOnWindowFocus: false });
  const update = api.sellPages.update.useMutation();

  if (page.isPending) return <Spinner label="Loading digital sell page..." />;

  if (page.isError) {
    return (
      <Card className="mx-auto max-w-lg space-y-4 p-8 text-center">
        <AlertTriangle aria-hidden className="mx-auto size-10 text-red-500" />
        <h2 className="text-xl font-semibold text-gray-900">Error Loading Page</h2>
        <p role="alert" className="text-sm text-red-700">
          {userMessageOf(page.error, "Failed to load digital sell page")}
        </p>
        <Link href="/dashboard/pages?tab=digital-sell-pages" className={buttonClasses("primary")}>
          Return to Pages
        </Link>
      </Card>
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
