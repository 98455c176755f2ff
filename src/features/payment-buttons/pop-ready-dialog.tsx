"use client";

import { ExternalLink } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useId } from "react";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClasses } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { CopyButton } from "~/features/payment-buttons/copy-button";
import { CodeBlock } from "~/features/payment-buttons/integration-code-dialog";
import { quickIntegrationCode } from "~/features/payment-buttons/integration-code";
import { SetupIssueNote } from "~/features/payment-buttons/page-card";
import { publicPathOf, useOrigin, type PopKind } from "~/features/payment-buttons/pop-links";
import type { ListedPop } from "~/features/payment-buttons/pop-status";

export type ReadyMode = "created" | "saved" | "share";

const kindName: Record<PopKind, string> = { "payment-button": "payment button", "sell-page": "digital sell page" };

/**
 * After a POP is created or saved (and from a sell page's menu): its public link with Copy, a QR code of it, and
 * for payment buttons the embed code, so the seller can put it to work at once.
 */
export function PopReadyDialog({
  open,
  kind,
  pop,
  mode,
  appUrl,
  onClose,
  onCloseAutoFocus,
}: {
  open: boolean;
  kind: PopKind;
  pop: ListedPop;
  mode: ReadyMode;
  /** The app's public address, for the embed script (the server knows it; see integration-code.ts). */
  appUrl: string;
  onClose(): void;
  onCloseAutoFocus?(event: Event): void;
}) {
  const origin = useOrigin();
  const linkId = useId();
  const path = publicPathOf(kind, pop.id);
  const url = `${origin}${path}`;
  const description =
    mode === "created"
      ? `'${pop.name}' is saved. Share its link, or put it on your website.`
      : mode === "saved"
        ? `Your changes to '${pop.name}' are saved and live.`
        : `Share '${pop.name}' with its link or QR code.`;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={mode === "share" ? `Share '${pop.name}'` : "Your POP is ready"}
      description={description}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <div className="space-y-5">
        <SetupIssueNote pop={pop} />
        {!pop.isActive && (
          <Alert tone="info">
            This {kindName[kind]} is switched off: buyers cannot use it until you turn it on in the list.
          </Alert>
        )}

        <section aria-labelledby={`${linkId}-title`} className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-start">
          <div className="flex justify-center rounded-lg border border-gray-200 bg-white p-3">
            {origin && (
              <QRCodeSVG
                value={url}
                size={136}
                marginSize={0}
                role="img"
                aria-label={`QR code of the link to '${pop.name}'`}
                title={`QR code of ${url}`}
              />
            )}
          </div>
          <div className="min-w-0 space-y-2">
            <h3 id={`${linkId}-title`} className="text-sm font-semibold text-gray-900">
              Public link
            </h3>
            <label htmlFor={linkId} className="sr-only">
              Public link to &apos;{pop.name}&apos;
            </label>
            <Input
              id={linkId}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="font-mono text-xs"
            />
            <div className="flex flex-wrap gap-2">
              <CopyButton
                text={url}
                label="Copy link"
                srDetail={` to '${pop.name}'`}
                toastMessage={`Link to '${pop.name}' copied`}
                variant="primary"
              />
              <a href={path} target="_blank" rel="noopener noreferrer" className={buttonClasses("secondary", "sm")}>
                <ExternalLink aria-hidden className="size-4" />
                Open page
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
            <p className="text-xs text-gray-600">
              Buyers can scan the QR code from a poster, a flyer or your screen to open the same page.
            </p>
          </div>
        </section>

        {kind === "payment-button" && (
          <section aria-labelledby={`${linkId}-embed`} className="space-y-2">
            <div className="flex flex-wrap items-end justify-between gap-2">
              <div>
                <h3 id={`${linkId}-embed`} className="text-sm font-semibold text-gray-900">
                  Embed code
                </h3>
                <p className="text-xs text-gray-600">Paste it into your website&apos;s HTML where the button goes.</p>
              </div>
              <CopyButton
                text={quickIntegrationCode(appUrl, pop.id)}
                label="Copy code"
                srDetail={` for '${pop.name}'`}
                toastMessage="Embed code copied"
              />
            </div>
            <CodeBlock code={quickIntegrationCode(appUrl, pop.id)} label={`Embed code for '${pop.name}'`} />
          </section>
        )}

        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
