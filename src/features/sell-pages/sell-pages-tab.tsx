"use client";

import { FileText, QrCode } from "lucide-react";
import type { ReactNode } from "react";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { CreatePopLink } from "~/features/payment-buttons/create-pop-link";
import { PopAnalyticsDialog } from "~/features/analytics/pop-analytics-dialog";
import { PopCard, popMenuActions } from "~/features/payment-buttons/page-card";
import { usePopCardDialog } from "~/features/payment-buttons/use-pop-card-dialog";
import { PopReadyDialog } from "~/features/payment-buttons/pop-ready-dialog";
import { PopsPanel } from "~/features/payment-buttons/pops-panel";
import { DeletePopDialog, usePopListActions } from "~/features/payment-buttons/pop-list-actions";
import { formatMoney } from "~/lib/money";
import { api, type RouterOutputs } from "~/trpc/react";

type ListedPage = RouterOutputs["pages"]["sellPages"]["list"][number];
type OpenDialog = { kind: "analytics" | "share"; page: ListedPage };

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className="font-semibold text-gray-900">{children}</dd>
    </div>
  );
}

function SellPageDetails({ page }: { page: ListedPage }) {
  const revenue = page.revenue.length > 0 ? page.revenue : [{ currency: page.currency, amountMinor: 0 }];
  return (
    <>
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
      <p className="text-xs text-gray-600">
        Created <DateTime value={page.createdAt} style="date" /> · Updated{" "}
        <DateTime value={page.updatedAt} style="date" />
      </p>
    </>
  );
}

/**
 * The Digital Sell Pages tab of the pages list. Conversion is completed sales per page view (one per
 * visitor and day, see the sell-pages service).
 */
export function SellPagesTab({ appUrl }: { appUrl: string }) {
  const utils = api.useUtils();
  const pages = api.pages.sellPages.list.useQuery();
  const setActive = api.pages.sellPages.setActive.useMutation();
  const remove = api.pages.sellPages.delete.useMutation();
  const { dialog, setDialog, closeDialog, backToCard } = usePopCardDialog<OpenDialog>((open) => open.page.id);
  const actions = usePopListActions<ListedPage>({
    cache: utils.pages.sellPages.list,
    setActive: (input) => setActive.mutateAsync(input),
    remove: (input) => remove.mutateAsync(input),
    // The tab counts live in the pages router.
    afterDelete: () => utils.pages.counts.invalidate(),
    messages: {
      toggleFailed: "Failed to update page status. Please try again.",
      deleteFailed: "Failed to delete digital sell page. Please try again.",
      deleted: (name) => `Digital sell page '${name}' deleted`,
    },
  });

  return (
    <>
      <PopsPanel
        query={pages}
        noun={{ one: "digital sell page", many: "digital sell pages" }}
        emptyState={
          <EmptyState
            icon={<FileText className="size-6" />}
            title="No Digital Sell Pages Yet"
            description="Create your first digital sell page to start selling digital products."
            action={
              <CreatePopLink href="/dashboard/pages/new-digital-sell-page" data-pop-list-focus>
                Create Digital Sell Page
              </CreatePopLink>
            }
          />
        }
        renderCard={(page) => (
          <PopCard
            kind="sell-page"
            pop={page}
            onToggle={() => void actions.toggle(page)}
            actions={popMenuActions("sell-page", page, {
              share: {
                label: `Get link and QR code for '${page.name}'`,
                icon: <QrCode aria-hidden className="size-4 text-gray-600" />,
                onSelect: () => setDialog({ kind: "share", page }),
              },
              onAnalytics: () => setDialog({ kind: "analytics", page }),
              onDelete: () => actions.requestDelete(page),
            })}
          >
            <SellPageDetails page={page} />
          </PopCard>
        )}
      />

      {dialog?.kind === "analytics" && (
        <PopAnalyticsDialog kind="sell-page" pop={dialog.page} onClose={closeDialog} onCloseAutoFocus={backToCard} />
      )}
      {dialog?.kind === "share" && (
        <PopReadyDialog
          open
          kind="sell-page"
          pop={dialog.page}
          mode="share"
          appUrl={appUrl}
          onClose={closeDialog}
          onCloseAutoFocus={backToCard}
        />
      )}
      <DeletePopDialog actions={actions} what="digital sell page">
        Its packages, product image, logo and downloadable file are deleted too. Past sales stay in your payments.
      </DeletePopDialog>
    </>
  );
}
