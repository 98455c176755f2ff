"use client";

import { ExternalLink } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { CopyButton } from "~/features/payment-buttons/copy-button";
import {
  ButtonConfiguration,
  Instructions,
  IntegrationCodeTabs,
  type CodeTab,
} from "~/features/payment-buttons/integration-code-dialog";
import {
  optionText,
  shippingLabelOf,
  wpsFullHtmlExample,
  wpsQuickIntegrationCode,
  type WpsAppearance,
  type WpsForm,
} from "~/features/wps/wps-code";
import { formatMoney } from "~/lib/money";

/** What the summary shows of a button (saved, or as typed in the form). */
export type WpsSummary = {
  itemName: string;
  itemNumber: string | null;
  environment: "sandbox" | "live";
  taxRate: string;
  noShipping: number;
  shippingCostMinor: number;
};

/** The previewed form's controls: plain elements, named as PayPal expects them in the post. */
const previewControl = "block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm";

/** A labelled control of the previewed button's form (its options, its quantity). */
function PreviewField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="w-full max-w-xs space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The button as buyers get it: a real form posting to PayPal's web-script endpoint (a new tab here, so the
 * dashboard stays open). `isSaved` false: the form has no button to pay for yet, so it cannot be sent.
 */
export function WpsButtonPreview({ form, look, isSaved }: { form: WpsForm; look: WpsAppearance; isSaved: boolean }) {
  return (
    <form
      action={form.action}
      method="post"
      target="_blank"
      className="flex flex-col items-center gap-3"
      onSubmit={(event) => {
        if (!isSaved) event.preventDefault();
      }}
    >
      {form.fields.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      {look.priceOptions.length > 1 && (
        <PreviewField id="wps-preview-os0" label="Options">
          <select id="wps-preview-os0" name="os0" className={previewControl}>
            {look.priceOptions.map((option) => (
              <option key={option.label} value={option.label}>
                {optionText(option, look.currency)}
              </option>
            ))}
          </select>
        </PreviewField>
      )}
      {look.undefinedQuantity && (
        <PreviewField id="wps-preview-quantity" label="Quantity">
          <input
            id="wps-preview-quantity"
            type="number"
            name="quantity"
            defaultValue={1}
            min={1}
            step={1}
            className={previewControl}
          />
        </PreviewField>
      )}
      {look.customButtonImage ? (
        <input type="image" src={look.customButtonImage} alt={look.buttonText} disabled={!isSaved} />
      ) : (
        <button
          type="submit"
          disabled={!isSaved}
          className={
            "rounded-md bg-[#ffc439] font-semibold text-gray-900 hover:bg-[#f2ba36] disabled:cursor-not-allowed " +
            (look.buttonSize === "small" ? "px-4 py-1.5 text-sm" : "px-7 py-3 text-base")
          }
        >
          {look.buttonText}
        </button>
      )}
      {look.showCardLogos && <p className="text-xs text-gray-600">Visa · Mastercard · Amex · Discover · PayPal</p>}
      {!isSaved && <p className="text-xs text-gray-600">Save the button to try a payment with it.</p>}
    </form>
  );
}

/** Opens the Full HTML example in a new window; a blocked pop-up does nothing (a silent failure, on purpose). */
function openFullPreview(html: string) {
  const url = URL.createObjectURL(new Blob([html], { type: "text/html" }));
  window.open(url, "_blank", "noopener");
  // The new window has loaded it by then; the address only keeps memory alive.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * 'WPS Button Preview': the summary, the rendered button, the code (Quick Integration, Full HTML
 * Example) with Copy Code, Full Preview, instructions and a sandbox warning. `buttonId` null: not saved yet.
 */
export function WpsPreviewDialog({
  open,
  onClose,
  onCloseAutoFocus,
  summary,
  look,
  form,
  buttonId,
  appUrl,
}: {
  open: boolean;
  onClose(): void;
  onCloseAutoFocus?(event: Event): void;
  summary: WpsSummary;
  look: WpsAppearance;
  form: WpsForm;
  buttonId: string | null;
  appUrl: string;
}) {
  const [tab, setTab] = useState<CodeTab>("quick");
  const fullHtml = wpsFullHtmlExample(form, look, summary.itemName);
  // Before the first save there is no button id for PayPal's `custom` field: nothing to copy yet.
  const code = !buttonId ? null : tab === "full" ? fullHtml : wpsQuickIntegrationCode(appUrl, buttonId);
  const notSaved = <Alert tone="info">The code is ready once the button is saved.</Alert>;
  const [first] = look.priceOptions;
  const price =
    look.priceOptions.length > 1
      ? `${look.priceOptions.length} options, ${look.priceOptions.map((option) => optionText(option, look.currency)).join(", ")}`
      : first
        ? formatMoney(first.amountMinor, look.currency)
        : "–";

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="WPS Button Preview"
      description={`'${summary.itemName || "Untitled"}' as buyers will see it on your website.`}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <div className="space-y-5">
        {summary.environment === "sandbox" && (
          <Alert tone="warning">
            This button uses PayPal&apos;s sandbox: payments made with it are test payments and no money moves. Switch
            its environment to Live before you put it on your website.
          </Alert>
        )}

        <ButtonConfiguration titleId="wps-config-title" columns="grid-cols-[auto_1fr]">
          <dt className="text-gray-600">Product</dt>
          <dd className="break-words text-gray-900">{summary.itemName || "–"}</dd>
          {summary.itemNumber && (
            <>
              <dt className="text-gray-600">Product ID</dt>
              <dd className="break-all text-gray-900">{summary.itemNumber}</dd>
            </>
          )}
          <dt className="text-gray-600">Price</dt>
          <dd className="text-gray-900">{price}</dd>
          <dt className="text-gray-600">Environment</dt>
          <dd>
            <Badge tone={summary.environment === "live" ? "green" : "yellow"}>
              {summary.environment.toUpperCase()}
            </Badge>
          </dd>
          <dt className="text-gray-600">Tax</dt>
          <dd className="text-gray-900">{Number(summary.taxRate || 0)}%</dd>
          <dt className="text-gray-600">Shipping</dt>
          <dd className="text-gray-900">
            {shippingLabelOf(summary.noShipping)}
            {summary.shippingCostMinor > 0 && `, ${formatMoney(summary.shippingCostMinor, look.currency)}`}
          </dd>
          {buttonId && (
            <>
              <dt className="text-gray-600">Button ID</dt>
              <dd className="font-mono break-all text-gray-900">{buttonId}</dd>
            </>
          )}
        </ButtonConfiguration>

        <section aria-label="Rendered button" className="rounded-lg border border-dashed border-gray-300 bg-white p-6">
          <WpsButtonPreview form={form} look={look} isSaved={buttonId !== null} />
        </section>

        <IntegrationCodeTabs tab={tab} onChange={setTab} code={code} unavailable={notSaved} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => openFullPreview(fullHtml)}>
            <ExternalLink aria-hidden className="size-4" />
            Full Preview
            <span className="sr-only"> (opens a new window)</span>
          </Button>
          {code && <CopyButton text={code} label="Copy Code" />}
        </div>

        <Instructions titleId="wps-steps-title">
          <li>Copy the code of the tab you prefer.</li>
          <li>
            Quick Integration: paste the div and the script where the button goes; the script draws the button and keeps
            it in step with your changes here.
          </li>
          <li>Full HTML Example: a plain form that works even with JavaScript turned off.</li>
          <li>Buyers pay on PayPal&apos;s page and come back to a confirmation page.</li>
          <li>Payments appear in your dashboard once PayPal confirms them.</li>
        </Instructions>
      </div>
    </Dialog>
  );
}
