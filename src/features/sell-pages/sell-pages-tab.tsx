"use client";

import { BarChart3, ExternalLink, Eye, Pencil, Plus, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { Switch } from "~/components/ui/switch";
import { formatDate } from "~/features/payment-buttons/format";
import { SellPageAnalyticsDialog } from "~/features/sell-pages/sell-page-analytics-dialog";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { api, type RouterOutputs } from "~/trpc/react";

type ListedPage = RouterOutputs["sellPages"]["list"][number];
type OpenDialog = { kind: "analytics" | "delete"; page: ListedPage } | null;

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-400";

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="font-semibold text-gray-900">{children}</dd>
    </div>
  );
}

function PageCard({
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
  const titleId = `sell-page-${page.id}-name`;
  const id = encodeURIComponent(page.id);
  const revenue = page.revenue.length > 0 ? page.revenue : [{ currency: page.currency, amountMinor: 0 }];
  return (
    <Card className="flex flex-col p-5">
      <article aria-labelledby={titleId} className="flex flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="font-semibold break-words text-gray-900">
            {page.name}
          </h3>
          <div className="flex items-center gap-2">
            <span className={cn("text-xs font-medium", page.isActive ? "text-green-700" : "text-gray-500")}>
              {page.isActive ? "Active" : "Inactive"}
            </span>
            <Switch checked={page.isActive} disabled={isToggling} label="Active" onToggle={onToggle} />
          </div>
        </div>
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
            {page.conversionRate === null ? "—" : `${page.conversionRate.toFixed(1)}%`}
          </Figure>
        </dl>
        <p className="text-xs text-gray-500">
          Created {formatDate(page.createdAt)} · Updated {formatDate(page.updatedAt)}
        </p>

        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-gray-100 pt-3">
          <div className="flex items-center gap-1">
            <a
              href={`/digital-sell/${id}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="View page"
              title="View page"
              className={iconButton}
            >
              <Eye aria-hidden className="size-4" />
            </a>
            <button
              type="button"
              aria-label="View analytics"
              title="View analytics"
              className={iconButton}
              onClick={() => onOpen("analytics")}
            >
              <BarChart3 aria-hidden className="size-4" />
            </button>
            <Link
              href={`/dashboard/pages/edit-digital-sell-page/${id}`}
              aria-label="Edit"
              title="Edit"
              className={iconButton}
            >
              <Pencil aria-hidden className="size-4" />
            </Link>
            <button
              type="button"
              aria-label="Delete"
              title="Delete"
              className={cn(iconButton, "hover:bg-red-50 hover:text-red-600")}
              onClick={() => onOpen("delete")}
            >
              <Trash2 aria-hidden className="size-4" />
            </button>
          </div>
          <a
            href={`/digital-sell/${id}`}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-600 inline-flex items-center gap-1 text-sm font-medium hover:underline"
          >
            View Live Page
            <ExternalLink aria-hidden className="size-3.5" />
          </a>
        </div>
      </article>
    </Card>
  );
}

/**
 * SPEC 2.6: the Digital Sell Pages tab of the pages list. Conversion is completed sales per checkout started on
 * the page until page views are counted (see the sell-pages service).
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
    return (
      <Alert>
        Your digital sell pages could not be loaded.{" "}
        <button type="button" className="font-medium underline" onClick={() => void pages.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }

  const closeDialog = () => setDialog(null);
  return (
    <div className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      {pages.data.length === 0 ? (
        <Card className="px-6 py-12 text-center">
          <h3 className="text-lg font-semibold text-gray-900">No Digital Sell Pages Yet</h3>
          <p className="mt-1 text-sm text-gray-600">
            Create your first digital sell page to start selling digital products.
          </p>
          <div className="mt-5">
            <Link href="/dashboard/pages/new-digital-sell-page" className={buttonClasses("primary")}>
              <Plus aria-hidden className="size-4" />
              Create Digital Sell Page
            </Link>
          </div>
        </Card>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {pages.data.map((page) => (
            <PageCard
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
      <Dialog
        open={dialog?.kind === "delete"}
        onClose={closeDialog}
        size="sm"
        title="Delete digital sell page"
        description="Are you sure you want to delete this digital sell page? This action cannot be undone."
      >
        <p className="mb-4 text-sm text-gray-600">
          Its packages, product image, logo and downloadable file are deleted too. Past sales stay in your payments.
        </p>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={closeDialog} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => dialog?.kind === "delete" && void confirmDelete(dialog.page)}
          >
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
