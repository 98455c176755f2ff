"use client";

import { BarChart3, ExternalLink, Eye, Pencil, Plus, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Alert, RetryAlert } from "~/components/ui/alert";
import { buttonClasses } from "~/components/ui/button";
import { ConfirmDeleteDialog } from "~/components/ui/confirm-delete-dialog";
import { IconButton, IconLink } from "~/components/ui/icon-button";
import { Spinner } from "~/components/ui/spinner";
import { formatDate } from "~/features/payment-buttons/format";
import { EmptyPagesState, PageCard } from "~/features/payment-buttons/page-card";
import { SellPageAnalyticsDialog } from "~/features/sell-pages/sell-page-analytics-dialog";
import { formatMoney } from "~/lib/money";
import { api, type RouterOutputs } from "~/trpc/react";

type ListedPage = RouterOutputs["sellPages"]["list"][number];
type OpenDialog = { kind: "analytics" | "delete"; page: ListedPage } | null;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="font-semibold text-gray-900">{children}</dd>
    </div>
  );
}

function SellPageCard({
  page,
  isToggling,
  onToggle,
  onOpen,
}: {
  page: ListedPage;
  isToggling: boolean;
  onToggle(): void;
  onOpen(kind: "analytics" | "delete"): void;
}) {
  const id = encodeURIComponent(page.id);
  const revenue = page.revenue.length > 0 ? page.revenue : [{ currency: page.currency, amountMinor: 0 }];
  return (
    <PageCard
      titleId={`sell-page-${page.id}-name`}
      name={page.name}
      isActive={page.isActive}
      isToggling={isToggling}
      onToggle={onToggle}
      actions={
        <>
          <IconLink href={`/digital-sell/${id}`} label="View page" newTab>
            <Eye aria-hidden className="size-4" />
          </IconLink>
          <IconButton label="View analytics" onClick={() => onOpen("analytics")}>
            <BarChart3 aria-hidden className="size-4" />
          </IconButton>
          <IconLink href={`/dashboard/pages/edit-digital-sell-page/${id}`} label="Edit">
            <Pencil aria-hidden className="size-4" />
          </IconLink>
          <IconButton label="Delete" tone="danger" onClick={() => onOpen("delete")}>
            <Trash2 aria-hidden className="size-4" />
          </IconButton>
        </>
      }
      link={
        <a
          href={`/digital-sell/${id}`}
          target="_blank"
          rel="noopener noreferrer"
          className="text-brand-600 inline-flex items-center gap-1 text-sm font-medium hover:underline"
        >
          View Live Page
          <ExternalLink aria-hidden className="size-3.5" />
        </a>
      }
    >
      <p className="line-clamp-2 text-sm text-gray-600">{page.description}</p>
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <Figure label="Basic">{formatMoney(page.basicPriceMinor, page.currency)}</Figure>
        {page.premiumPriceMinor !== null && (
          <Figure label="Premium">{formatMoney(page.premiumPriceMinor, page.currency)}</Figure>
        )}
      </dl>
      <dl className="grid grid-cols-3 gap-2 rounded-lg bg-gray-50 p-3 text-sm">
        <Figure label="Revenue">
          {revenue.map((line) => (
            <span key={line.currency} className="block">
              {formatMoney(line.amountMinor, line.currency)}
            </span>
          ))}
        </Figure>
        <Figure label="Sales">{page.sales.toLocaleString("en-US")}</Figure>
        <Figure label="Conversion">
          <span
            title={`${page.sales.toLocaleString("en-US")} sales from ${page.views.toLocaleString("en-US")} page views`}
          >
            {page.conversionRate === null ? "—" : `${page.conversionRate.toFixed(1)}%`}
          </span>
        </Figure>
      </dl>
      <p className="text-xs text-gray-500">
        Created {formatDate(page.createdAt)} · Updated {formatDate(page.updatedAt)}
      </p>
    </PageCard>
  );
}

/**
 * SPEC 2.6: the Digital Sell Pages tab of the pages list. Conversion is completed sales per page view (one per
 * visitor and day, see the sell-pages service).
 */
export function SellPagesTab() {
  const utils = api.useUtils();
  const pages = api.sellPages.list.useQuery();
  const setActive = api.sellPages.setActive.useMutation();
  const remove = api.sellPages.delete.useMutation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The tab counts live in the pages router; both lists change together.
  const reload = () => Promise.all([utils.sellPages.list.invalidate(), utils.pages.invalidate()]);

  async function toggle(page: ListedPage) {
    setFailure(null);
    try {
      await setActive.mutateAsync({ id: page.id, isActive: !page.isActive });
    } catch {
      setFailure("Failed to update page status. Please try again.");
    }
    // SPEC 2.6: the list reloads afterwards, so it shows the stored state either way.
    await reload();
  }

  async function confirmDelete(page: ListedPage) {
    setFailure(null);
    try {
      await remove.mutateAsync({ id: page.id });
    } catch {
      setFailure("Failed to delete digital sell page. Please try again.");
    }
    setDialog(null);
    await reload();
  }

  if (pages.isPending) return <Spinner label="Loading digital sell pages..." />;
  if (pages.isError) {
    return <RetryAlert onRetry={() => void pages.refetch()}>Your digital sell pages could not be loaded.</RetryAlert>;
  }

  const closeDialog = () => setDialog(null);
  return (
    <div className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      {pages.data.length === 0 ? (
        <EmptyPagesState
          title="No Digital Sell Pages Yet"
          text="Create your first digital sell page to start selling digital products."
          action={
            <Link href="/dashboard/pages/new-digital-sell-page" className={buttonClasses("primary")}>
              <Plus aria-hidden className="size-4" />
              Create Digital Sell Page
            </Link>
          }
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {pages.data.map((page) => (
            <SellPageCard
              key={page.id}
              page={page}
              isToggling={setActive.isPending && setActive.variables?.id === page.id}
              onToggle={() => void toggle(page)}
              onOpen={(kind) => setDialog({ kind, page })}
            />
          ))}
        </div>
      )}

      {dialog?.kind === "analytics" && (
        <SellPageAnalyticsDialog pageId={dialog.page.id} pageName={dialog.page.name} onClose={closeDialog} />
      )}
      <ConfirmDeleteDialog
        open={dialog?.kind === "delete"}
        onClose={closeDialog}
        title="Delete digital sell page"
        description="Are you sure you want to delete this digital sell page? This action cannot be undone."
        isDeleting={remove.isPending}
        onConfirm={() => dialog?.kind === "delete" && void confirmDelete(dialog.page)}
      >
        <p className="mb-4 text-sm text-gray-600">
          Its packages, product image, logo and downloadable file are deleted too. Past sales stay in your payments.
        </p>
      </ConfirmDeleteDialog>
    </div>
  );
}
