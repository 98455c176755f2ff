"use client";

import { ArrowRightLeft, BarChart3, Code2, Pencil, ShoppingCart, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { DateTime } from "~/components/ui/date-time";
import type { MenuAction } from "~/components/ui/dropdown-menu";
import { EmptyState } from "~/components/ui/empty-state";
import { toast } from "~/components/ui/toast";
import { useUrlQuery } from "~/components/ui/use-url-query";
import { CreatePopLink } from "~/features/payment-buttons/create-pop-link";
import { PopAnalyticsDialog } from "~/features/analytics/pop-analytics-dialog";
import { PopCardFrame } from "~/features/payment-buttons/page-card";
import { focusPopCard } from "~/features/payment-buttons/pop-links";
import { usePopCardDialog } from "~/features/payment-buttons/use-pop-card-dialog";
import { DeletePopDialog, usePopListActions } from "~/features/payment-buttons/pop-list-actions";
import { PopsPanel } from "~/features/payment-buttons/pops-panel";
import { SavedWpsPreviewDialog } from "~/features/wps/saved-wps-preview-dialog";
import { shippingLabelOf, wpsQuickIntegrationCode } from "~/features/wps/wps-code";
import { WpsDeprecationNotice } from "~/features/wps/wps-deprecation-notice";
import { WpsReadyDialog } from "~/features/wps/wps-ready-dialog";
import { formatMoney } from "~/lib/money";
import { api, userMessageOf, type RouterOutputs } from "~/trpc/react";

type Row = RouterOutputs["wps"]["list"][number];
/** A row as the shared list parts (search, status filter, switch, delete) know a POP. */
type WpsPop = Row & { name: string; description: string | null; setupIssue: null };
type OpenDialog = { kind: "code" | "analytics"; button: WpsPop };

/** At most 6 price options on a row. */
const SHOWN_OPTIONS = 6;
const menuIcon = "size-4 text-gray-600";

const asPop = (row: Row): WpsPop => ({ ...row, name: row.itemName, description: row.itemNumber, setupIssue: null });

/** WPS list: the merchant's WPS buttons as cards, with the deprecation notice and the way off WPS. */
export function WpsButtonsTab({ appUrl }: { appUrl: string }) {
  const router = useRouter();
  const utils = api.useUtils();
  const rows = api.wps.list.useQuery();
  const setStatus = api.wps.setStatus.useMutation();
  const remove = api.wps.delete.useMutation();
  const convert = api.wps.convertToPaymentButton.useMutation();
  const { dialog, setDialog, closeDialog, backToCard } = usePopCardDialog<OpenDialog>((open) => open.button.id);
  const actions = usePopListActions<WpsPop>({
    cache: {
      cancel: () => utils.wps.list.cancel(),
      setData: (_input, updater) => utils.wps.list.setData(undefined, (items) => updater(items?.map(asPop))),
      invalidate: () => utils.wps.list.invalidate(),
    },
    setActive: (input) => setStatus.mutateAsync(input),
    remove: (input) => remove.mutateAsync(input),
    afterDelete: () => utils.pages.counts.invalidate(),
    messages: {
      toggleFailed: "Failed to update WPS button status. Please try again.",
      deleteFailed: "Failed to delete WPS button. Please try again.",
      deleted: (name) => `WPS button '${name}' deleted`,
    },
  });

  async function convertToPaymentButton(button: WpsPop) {
    try {
      const created = await convert.mutateAsync({ id: button.id });
      await Promise.all([utils.pages.invalidate()]);
      toast.success(
        created.ships
          ? `Smart Payment Button created from '${button.name}'. It ships with your zones and tax rates (Store Settings › Shipping and tax). Your WPS button is unchanged.`
          : `Smart Payment Button created from '${button.name}'. Your WPS button is unchanged.`,
      );
      router.push(`/dashboard/pages?created=${encodeURIComponent(created.id)}`);
    } catch (error) {
      toast.error(userMessageOf(error, "Failed to convert WPS button. Please try again."));
    }
  }

  const query = { ...rows, data: rows.data?.map(asPop) };
  return (
    <div className="space-y-5">
      <WpsDeprecationNotice />
      <PopsPanel
        query={query}
        noun={{ one: "WPS button", many: "WPS buttons" }}
        emptyState={
          <EmptyState
            icon={<ShoppingCart className="size-6" />}
            title="No WPS Buttons Yet"
            description="Create your first PayPal Website Payments Standard button to get started."
            action={
              <CreatePopLink href="/dashboard/pages/new-wps-button" data-pop-list-focus>
                Create WPS Button
              </CreatePopLink>
            }
          />
        }
        renderCard={(button) => (
          <WpsCard
            button={button}
            appUrl={appUrl}
            onToggle={() => void actions.toggle(button)}
            actions={[
              {
                label: `View analytics for '${button.name}'`,
                icon: <BarChart3 aria-hidden className={menuIcon} />,
                onSelect: () => setDialog({ kind: "analytics", button }),
              },
              {
                label: `View integration code for '${button.name}'`,
                icon: <Code2 aria-hidden className={menuIcon} />,
                onSelect: () => setDialog({ kind: "code", button }),
              },
              {
                label: `Edit '${button.name}'`,
                icon: <Pencil aria-hidden className={menuIcon} />,
                href: `/dashboard/pages/edit-wps-button/${encodeURIComponent(button.id)}`,
              },
              {
                label: `Convert '${button.name}' to Smart Payment Button`,
                icon: <ArrowRightLeft aria-hidden className={menuIcon} />,
                onSelect: () => void convertToPaymentButton(button),
                disabled: convert.isPending,
              },
              {
                label: `Delete '${button.name}'`,
                icon: <Trash2 aria-hidden className="size-4" />,
                tone: "danger",
                onSelect: () => actions.requestDelete(button),
              },
            ]}
          />
        )}
      />

      {dialog?.kind === "code" && (
        <SavedWpsPreviewDialog
          id={dialog.button.id}
          appUrl={appUrl}
          onClose={closeDialog}
          onCloseAutoFocus={backToCard}
        />
      )}
      {dialog?.kind === "analytics" && (
        <PopAnalyticsDialog kind="wps" pop={dialog.button} onClose={closeDialog} onCloseAutoFocus={backToCard} />
      )}
      <DeletePopDialog actions={actions} what="WPS button">
        Past payments stay in your payments list. Websites that embed it show that it is no longer available.
      </DeletePopDialog>
      <ReadyDialogFromUrl
        appUrl={appUrl}
        rows={rows.data}
        onPreview={(button) => setDialog({ kind: "code", button: asPop(button) })}
      />
    </div>
  );
}

/** "Your POP is ready" after a create (?created=) or save (?saved=); the parameter goes when it closes. */
function ReadyDialogFromUrl({
  appUrl,
  rows,
  onPreview,
}: {
  appUrl: string;
  rows: Row[] | undefined;
  onPreview(button: Row): void;
}) {
  const url = useUrlQuery();
  const createdId = url.get("created");
  const id = createdId ?? url.get("saved");
  const row = id === null ? undefined : rows?.find((item) => item.id === id);
  // Keeps the dialog's content while it closes (the parameter, and so `row`, is gone by then).
  const [shown, setShown] = useState<{ row: Row; mode: "created" | "saved" } | null>(null);
  const mode = createdId ? "created" : "saved";
  if (row && (shown?.row !== row || shown.mode !== mode)) setShown({ row, mode });
  if (!shown) return null;

  const close = () => window.history.replaceState(null, "", url.hrefWith({ created: null, saved: null }));
  return (
    <WpsReadyDialog
      open={row !== undefined}
      mode={shown.mode}
      button={shown.row}
      appUrl={appUrl}
      onClose={close}
      onPreview={() => {
        close();
        onPreview(shown.row);
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        focusPopCard(shown.row.id);
      }}
    />
  );
}

/** One WPS button: item name, environment badge, switch, then its product, price, tax, shipping, date. */
function WpsCard({
  button,
  appUrl,
  onToggle,
  actions,
}: {
  button: WpsPop;
  appUrl: string;
  onToggle(): void;
  actions: MenuAction[];
}) {
  const options = button.priceOptions;
  const [first] = options;
  return (
    <PopCardFrame
      id={button.id}
      name={button.name}
      isActive={button.isActive}
      badge={
        <Badge tone={button.environment === "live" ? "green" : "yellow"}>
          {button.environment === "live" ? "LIVE" : "SANDBOX"}
        </Badge>
      }
      onToggle={onToggle}
      copy={{
        text: wpsQuickIntegrationCode(appUrl, button.id),
        label: "Copy code",
        srDetail: ` for '${button.name}'`,
        toastMessage: `Embed code for '${button.name}' copied`,
      }}
      actions={actions}
    >
      <p className="text-xs text-gray-600">{button.isActive ? "Active" : "Inactive"}</p>
      {button.itemNumber && (
        <p className="text-sm text-gray-700">
          Product ID: <span className="break-all">{button.itemNumber}</span>
        </p>
      )}
      {options.length > 1 ? (
        <div className="text-sm text-gray-700">
          <p className="font-medium text-gray-900">Price Options: {options.length} variants</p>
          <ul className="mt-1 space-y-0.5 text-xs">
            {options.slice(0, SHOWN_OPTIONS).map((option) => (
              <li key={option.label} className="break-words">
                {option.label}: {formatMoney(option.amountMinor, button.currency)}
              </li>
            ))}
            {options.length > SHOWN_OPTIONS && <li>+{options.length - SHOWN_OPTIONS} more...</li>}
          </ul>
        </div>
      ) : (
        first && <p className="text-lg font-bold text-gray-900">{formatMoney(first.amountMinor, button.currency)}</p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-gray-600">
        <dt>Tax</dt>
        <dd className="text-gray-900">{Number(button.taxRate)}%</dd>
        <dt>Shipping</dt>
        <dd className="text-gray-900">{shippingLabelOf(button.noShipping)}</dd>
        <dt>Sales</dt>
        <dd className="text-gray-900">
          {button.sales} · {formatMoney(button.revenueMinor, button.currency)}
        </dd>
        <dt>Created</dt>
        <dd className="text-gray-900">
          <DateTime value={button.createdAt} style="date" />
        </dd>
      </dl>
    </PopCardFrame>
  );
}
