"use client";

import { RetryAlert } from "~/components/ui/alert";
import { Dialog } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { appearanceOf, formButtonOf } from "~/features/wps/wps-code";
import { WpsPreviewDialog } from "~/features/wps/wps-preview-dialog";
import { api } from "~/trpc/react";

/**
 * 'WPS Button Preview' of a saved button (the list's "View integration code"): its saved settings, and the
 * form's action and fields exactly as the server generates them for the embed script.
 */
export function SavedWpsPreviewDialog({
  id,
  appUrl,
  onClose,
  onCloseAutoFocus,
}: {
  id: string;
  appUrl: string;
  onClose(): void;
  onCloseAutoFocus?(event: Event): void;
}) {
  const button = api.wps.get.useQuery({ id }, { retry: false });
  const form = api.wps.formFields.useQuery({ id }, { retry: false });

  if (!button.data || !form.data) {
    return (
      <Dialog open onClose={onClose} size="lg" title="WPS Button Preview" onCloseAutoFocus={onCloseAutoFocus}>
        {button.isError || form.isError ? (
          <RetryAlert
            onRetry={() => {
              void button.refetch();
              void form.refetch();
            }}
          >
            This button could not be loaded.
          </RetryAlert>
        ) : (
          <Spinner label="Loading the button..." />
        )}
      </Dialog>
    );
  }

  const { id: _id, isActive: _isActive, ...values } = button.data;
  const saved = formButtonOf(values, id);
  return (
    <WpsPreviewDialog
      open
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      summary={{
        itemName: saved.itemName,
        itemNumber: saved.itemNumber,
        environment: values.environment,
        taxRate: saved.taxRate,
        noShipping: saved.noShipping,
        shippingCostMinor: saved.shippingCostMinor,
      }}
      look={appearanceOf(values)}
      form={form.data}
      buttonId={id}
      appUrl={appUrl}
    />
  );
}
