"use client";

import { BarChart3, Code2, ExternalLink, Pencil, Plus, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Alert, RetryAlert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { ConfirmDeleteDialog } from "~/components/ui/confirm-delete-dialog";
import { IconButton, IconLink } from "~/components/ui/icon-button";
import { Spinner } from "~/components/ui/spinner";
import { PaymentButtonAnalyticsDialog } from "~/features/analytics/payment-button-analytics-dialog";
import { formatDate } from "~/features/payment-buttons/format";
import { IntegrationCodeDialog } from "~/features/payment-buttons/integration-code-dialog";
import { EmptyPagesState, PageCard } from "~/features/payment-buttons/page-card";
import { formatMoney } from "~/lib/money";
import { api, type RouterOutputs } from "~/trpc/react";

type ListedButton = RouterOutputs["pages"]["listButtons"][number];
type OpenDialog = { kind: "code" | "analytics" | "delete"; button: ListedButton } | null;

function ButtonCard({
  button,
  isToggling,
  onToggle,
  onOpen,
}: {
  button: ListedButton;
  isToggling: boolean;
  onToggle(): void;
  onOpen(kind: "code" | "analytics" | "delete"): void;
}) {
  const id = encodeURIComponent(button.id);
  return (
    <PageCard
      titleId={`payment-button-${button.id}-name`}
      name={button.name}
      isActive={button.isActive}
      isToggling={isToggling}
      onToggle={onToggle}
      actions={
        <>
          <IconLink href={`/checkout/${id}`} label="View checkout page" newTab>
            <ExternalLink aria-hidden className="size-4" />
          </IconLink>
          <IconButton label="View analytics" onClick={() => onOpen("analytics")}>
            <BarChart3 aria-hidden className="size-4" />
          </IconButton>
          <IconButton label="Integration code" onClick={() => onOpen("code")}>
            <Code2 aria-hidden className="size-4" />
          </IconButton>
          <IconLink href={`/dashboard/pages/edit/${id}`} label="Edit">
            <Pencil aria-hidden className="size-4" />
          </IconLink>
          <IconButton label="Delete" tone="danger" onClick={() => onOpen("delete")}>
            <Trash2 aria-hidden className="size-4" />
          </IconButton>
        </>
      }
      link={
        <a
          href={`/test/${id}`}
          target="_blank"
          rel="noopener noreferrer"
          className="text-brand-600 text-sm font-medium hover:underline"
        >
          Open Test Page
        </a>
      }
    >
      {button.description && <p className="line-clamp-2 text-sm text-gray-600">{button.description}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-lg font-bold text-gray-900">{formatMoney(button.amountMinor, button.currency)}</span>
        <span className="text-xs text-gray-500">{button.currency}</span>
        <Badge tone={button.paymentType === "subscription" ? "blue" : "gray"}>
          {button.paymentType === "subscription" ? "Subscription" : "One-time"}
        </Badge>
      </div>
      <p className="text-xs text-gray-500">Created {formatDate(button.createdAt)}</p>
    </PageCard>
  );
}

/** SPEC 2.6: the merchant's payment buttons as cards, with their actions and dialogs. */
export function PaymentButtonList({ appUrl }: { appUrl: string }) {
  const utils = api.useUtils();
  const buttons = api.pages.listButtons.useQuery();
  const setActive = api.pages.setButtonActive.useMutation();
  const remove = api.pages.deleteButton.useMutation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function toggle(button: ListedButton) {
    setFailure(null);
    try {
      await setActive.mutateAsync({ id: button.id, isActive: !button.isActive });
    } catch {
      setFailure("Failed to update button status. Please try again.");
    }
    // SPEC 2.6: the list reloads afterwards, so it shows the stored state either way.
    await utils.pages.invalidate();
  }

  async function confirmDelete(button: ListedButton) {
    setFailure(null);
    try {
      await remove.mutateAsync({ id: button.id });
    } catch {
      setFailure("Failed to delete payment button. Please try again.");
    }
    setDialog(null);
    await utils.pages.invalidate();
  }

  if (buttons.isPending) return <Spinner label="Loading payment buttons..." />;
  if (buttons.isError) {
    return <RetryAlert onRetry={() => void buttons.refetch()}>Your payment buttons could not be loaded.</RetryAlert>;
  }

  const closeDialog = () => setDialog(null);
  return (
    <div className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      {buttons.data.length === 0 ? (
        <EmptyPagesState
          title="No Checkout POPs Yet"
          text="Create your first POP to get started."
          action={
            <Link href="/dashboard/pages/create-pop" className={buttonClasses("primary")}>
              <Plus aria-hidden className="size-4" />
              Create POP
            </Link>
          }
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {buttons.data.map((button) => (
            <ButtonCard
              key={button.id}
              button={button}
              isToggling={setActive.isPending && setActive.variables?.id === button.id}
              onToggle={() => void toggle(button)}
              onOpen={(kind) => setDialog({ kind, button })}
            />
          ))}
        </div>
      )}

      {dialog?.kind === "code" && (
        <IntegrationCodeDialog button={dialog.button} appUrl={appUrl} open onClose={closeDialog} />
      )}
      {dialog?.kind === "analytics" && (
        <PaymentButtonAnalyticsDialog
          buttonId={dialog.button.id}
          buttonName={dialog.button.name}
          open
          onClose={closeDialog}
        />
      )}
      <ConfirmDeleteDialog
        open={dialog?.kind === "delete"}
        onClose={closeDialog}
        title="Delete payment button"
        description="Are you sure you want to delete this payment button? This action cannot be undone."
        isDeleting={remove.isPending}
        onConfirm={() => dialog?.kind === "delete" && void confirmDelete(dialog.button)}
      />
    </div>
  );
}
