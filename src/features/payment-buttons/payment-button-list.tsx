"use client";

import { CreatePopLink } from "~/features/payment-buttons/create-pop-link";
import { Code2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { PopAnalyticsDialog } from "~/features/analytics/pop-analytics-dialog";
import { IntegrationCodeDialog } from "~/features/payment-buttons/integration-code-dialog";
import { PopCard, popMenuActions } from "~/features/payment-buttons/page-card";
import { usePopCardDialog } from "~/features/payment-buttons/use-pop-card-dialog";
import { PopsPanel } from "~/features/payment-buttons/pops-panel";
import { DeletePopDialog, usePopListActions } from "~/features/payment-buttons/pop-list-actions";
import { subscribersHref } from "~/features/subscriptions/links";
import { formatMoney } from "~/lib/money";
import { api, type RouterOutputs } from "~/trpc/react";

type ListedButton = RouterOutputs["pages"]["buttons"]["list"][number];
type OpenDialog = { kind: "code" | "analytics"; button: ListedButton };

/** The merchant's payment buttons as cards, with their actions and dialogs. */
export function PaymentButtonList({ appUrl }: { appUrl: string }) {
  const utils = api.useUtils();
  const buttons = api.pages.buttons.list.useQuery();
  const setActive = api.pages.buttons.setActive.useMutation();
  const remove = api.pages.buttons.delete.useMutation();
  const { dialog, setDialog, closeDialog, backToCard } = usePopCardDialog<OpenDialog>((open) => open.button.id);
  const actions = usePopListActions<ListedButton>({
    cache: utils.pages.buttons.list,
    setActive: (input) => setActive.mutateAsync(input),
    remove: (input) => remove.mutateAsync(input),
    afterDelete: () => utils.pages.counts.invalidate(),
    messages: {
      toggleFailed: "Failed to update button status. Please try again.",
      deleteFailed: "Failed to delete payment button. Please try again.",
      deleted: (name) => `Payment button '${name}' deleted`,
    },
  });

  return (
    <>
      <PopsPanel
        query={buttons}
        noun={{ one: "payment button", many: "payment buttons" }}
        emptyState={
          <EmptyState
            icon={<Code2 className="size-6" />}
            title="No Checkout POPs Yet"
            description="Create your first POP to get started."
            action={<CreatePopLink data-pop-list-focus />}
          />
        }
        renderCard={(button) => (
          <PopCard
            kind="payment-button"
            pop={button}
            onToggle={() => void actions.toggle(button)}
            actions={popMenuActions("payment-button", button, {
              share: {
                label: `Get code for '${button.name}'`,
                icon: <Code2 aria-hidden className="size-4 text-gray-600" />,
                onSelect: () => setDialog({ kind: "code", button }),
              },
              onAnalytics: () => setDialog({ kind: "analytics", button }),
              onDelete: () => actions.requestDelete(button),
              ...(button.paymentType === "subscription" && { subscribersHref: subscribersHref(button.id) }),
            })}
          >
            {button.description && <p className="line-clamp-2 text-sm text-gray-600">{button.description}</p>}
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-lg font-bold text-gray-900">
                {formatMoney(button.amountMinor, button.currency)}
              </span>
              <span className="text-xs text-gray-600">{button.currency}</span>
              <Badge tone={button.paymentType === "subscription" ? "blue" : "gray"}>
                {button.paymentType === "subscription" ? "Subscription" : "One-time"}
              </Badge>
            </div>
            <p className="text-xs text-gray-600">
              Created <DateTime value={button.createdAt} style="date" />
            </p>
          </PopCard>
        )}
      />

      {dialog?.kind === "code" && (
        <IntegrationCodeDialog
          button={dialog.button}
          appUrl={appUrl}
          open
          onClose={closeDialog}
          onCloseAutoFocus={backToCard}
        />
      )}
      {dialog?.kind === "analytics" && (
        <PopAnalyticsDialog
          kind="payment-button"
          pop={dialog.button}
          onClose={closeDialog}
          onCloseAutoFocus={backToCard}
        />
      )}
      <DeletePopDialog actions={actions} what="payment button">
        Past payments stay in your payments list. Websites that embed it show that it is no longer available.
      </DeletePopDialog>
    </>
  );
}
