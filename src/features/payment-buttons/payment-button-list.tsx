"use client";

import { BarChart3, Code2, ExternalLink, Pencil, Plus, Trash2 } from "lucide-react";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { Switch } from "~/components/ui/switch";
import { PaymentButtonAnalyticsDialog } from "~/features/analytics/payment-button-analytics-dialog";
import { formatDate } from "~/features/payment-buttons/format";
import { IntegrationCodeDialog } from "~/features/payment-buttons/integration-code-dialog";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { api, type RouterOutputs } from "~/trpc/react";

type ListedButton = RouterOutputs["pages"]["listButtons"][number];
type OpenDialog = { kind: "code" | "analytics" | "delete"; button: ListedButton } | null;

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-400";

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
  const titleId = `payment-button-${button.id}-name`;
  const id = encodeURIComponent(button.id);
  return (
    <Card className="flex flex-col p-5">
      <article aria-labelledby={titleId} className="flex flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="font-semibold break-words text-gray-900">
            {button.name}
          </h3>
          <div className="flex items-center gap-2">
            <span className={cn("text-xs font-medium", button.isActive ? "text-green-700" : "text-gray-500")}>
              {button.isActive ? "Active" : "Inactive"}
            </span>
            <Switch label="Active" checked={button.isActive} disabled={isToggling} onToggle={onToggle} />
          </div>
        </div>
        {button.description && <p className="line-clamp-2 text-sm text-gray-600">{button.description}</p>}
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-bold text-gray-900">{formatMoney(button.amountMinor, button.currency)}</span>
          <span className="text-xs text-gray-500">{button.currency}</span>
          <Badge tone={button.paymentType === "subscription" ? "blue" : "gray"}>
            {button.paymentType === "subscription" ? "Subscription" : "One-time"}
          </Badge>
        </div>
        <p className="text-xs text-gray-500">Created {formatDate(button.createdAt)}</p>

        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-gray-100 pt-3">
          <div className="flex items-center gap-1">
            <a
              href={`/checkout/${id}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="View checkout page"
              title="View checkout page"
              className={iconButton}
            >
              <ExternalLink aria-hidden className="size-4" />
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
            <button
              type="button"
              aria-label="Integration code"
              title="Integration code"
              className={iconButton}
              onClick={() => onOpen("code")}
            >
              <Code2 aria-hidden className="size-4" />
            </button>
            <Link href={`/dashboard/pages/edit/${id}`} aria-label="Edit" title="Edit" className={iconButton}>
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
            href={`/test/${id}`}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-600 text-sm font-medium hover:underline"
          >
            Open Test Page
          </a>
        </div>
      </article>
    </Card>
  );
}

export function EmptyPagesState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Card className="px-6 py-12 text-center">
      <h3 className="text-lg font-semibold text-gray-900">{title}</h3>
      <p className="mt-1 text-sm text-gray-600">{text}</p>
      {action && <div className="mt-5">{action}</div>}
    </Card>
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
    return (
      <Alert>
        Your payment buttons could not be loaded.{" "}
        <button type="button" className="font-medium underline" onClick={() => void buttons.refetch()}>
          Try again
        </button>
      </Alert>
    );
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
      <Dialog
        open={dialog?.kind === "delete"}
        onClose={closeDialog}
        size="sm"
        title="Delete payment button"
        description="Are you sure you want to delete this payment button? This action cannot be undone."
      >
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={closeDialog} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() => dialog?.kind === "delete" && void confirmDelete(dialog.button)}
          >
            {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
