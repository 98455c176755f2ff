"use client";

import { Eye } from "lucide-react";
import { useId } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { CopyButton } from "~/features/payment-buttons/copy-button";
import { CodeBlock } from "~/features/payment-buttons/integration-code-dialog";
import { wpsQuickIntegrationCode } from "~/features/wps/wps-code";

/**
 * "Your POP is ready" for a WPS button just created or saved: a WPS button has no page of its own, so instead of
 * a link it offers the embed code and the preview (rendered button, full HTML, Full Preview).
 */
export function WpsReadyDialog({
  open,
  mode,
  button,
  appUrl,
  onClose,
  onPreview,
  onCloseAutoFocus,
}: {
  open: boolean;
  mode: "created" | "saved";
  button: { id: string; itemName: string; isActive: boolean; environment: "sandbox" | "live" };
  appUrl: string;
  onClose(): void;
  onPreview(): void;
  onCloseAutoFocus?(event: Event): void;
}) {
  const titleId = useId();
  const code = wpsQuickIntegrationCode(appUrl, button.id);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Your POP is ready"
      description={
        mode === "created"
          ? `'${button.itemName}' is saved. Put it on your website with the code below.`
          : `Your changes to '${button.itemName}' are saved and live.`
      }
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <div className="space-y-5">
        {button.environment === "sandbox" && (
          <Alert tone="warning">
            This button uses PayPal&apos;s sandbox: payments are test payments. Switch it to Live to take real money.
          </Alert>
        )}
        {!button.isActive && (
          <Alert tone="info">This WPS button is switched off: buyers cannot use it until you turn it on.</Alert>
        )}
        <section aria-labelledby={titleId} className="space-y-2">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <div>
              <h3 id={titleId} className="text-sm font-semibold text-gray-900">
                Embed code
              </h3>
              <p className="text-xs text-gray-600">Paste it into your website&apos;s HTML where the button goes.</p>
            </div>
            <CopyButton
              text={code}
              label="Copy code"
              srDetail={` for '${button.itemName}'`}
              toastMessage="Embed code copied"
            />
          </div>
          <CodeBlock code={code} label={`Embed code for '${button.itemName}'`} />
        </section>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onPreview}>
            <Eye aria-hidden className="size-4" />
            Preview and test
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
