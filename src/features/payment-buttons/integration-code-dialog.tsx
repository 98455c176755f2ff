"use client";

import { ExternalLink } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Tabs } from "~/components/ui/tabs";
import { CopyButton } from "~/features/payment-buttons/copy-button";
import { fullHtmlExample, quickIntegrationCode } from "~/features/payment-buttons/integration-code";
import { popBadge } from "~/features/payment-buttons/pop-status";
import { formatMoney } from "~/lib/money";
import type { RouterOutputs } from "~/trpc/react";

type ListedButton = RouterOutputs["pages"]["buttons"]["list"][number];
export type CodeTab = "quick" | "full";

/** Code to copy: a named, keyboard-scrollable region; long lines wrap, so a phone never scrolls it sideways. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <pre
      role="region"
      aria-label={label}
      tabIndex={0}
      className="focus-visible:outline-brand-600 max-h-80 overflow-auto rounded-lg bg-gray-900 p-4 text-xs leading-relaxed [overflow-wrap:anywhere] whitespace-pre-wrap text-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <code>{code}</code>
    </pre>
  );
}

const codeTabs = [
  { value: "quick", label: "Quick Integration", codeLabel: "Quick integration code" },
  { value: "full", label: "Full HTML Example", codeLabel: "Full HTML example code" },
] as const;

/** The two forms of a button's code, one tab each; `unavailable` stands in a panel while there is no code yet. */
export function IntegrationCodeTabs({
  tab,
  onChange,
  code,
  unavailable,
}: {
  tab: CodeTab;
  onChange(tab: CodeTab): void;
  code: string | null;
  unavailable?: ReactNode;
}) {
  const tabs = codeTabs.map(({ value, label, codeLabel }) => ({
    value,
    label,
    panel: code ? <CodeBlock code={code} label={codeLabel} /> : unavailable,
  }));
  return <Tabs<CodeTab> label="Integration code format" value={tab} onChange={onChange} tabs={tabs} />;
}

/** A code dialog's summary of the button, as a list of facts (`columns`: the grid's column template). */
export function ButtonConfiguration({
  titleId,
  columns,
  children,
}: {
  titleId: string;
  columns: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="rounded-lg bg-gray-50 p-4">
      <h3 id={titleId} className="text-sm font-semibold text-gray-900">
        Button configuration
      </h3>
      <dl className={`mt-2 grid ${columns} gap-x-4 gap-y-2 text-sm`}>{children}</dl>
    </section>
  );
}

/** A code dialog's numbered steps for putting the code on a site. */
export function Instructions({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="text-sm font-semibold text-gray-900">
        Instructions
      </h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-gray-700">{children}</ol>
    </section>
  );
}

/** The code a merchant pastes into their site, with the button's configuration and a test page. */
export function IntegrationCodeDialog({
  button,
  appUrl,
  open,
  onClose,
  onCloseAutoFocus,
}: {
  button: ListedButton;
  appUrl: string;
  open: boolean;
  onClose(): void;
  onCloseAutoFocus?(event: Event): void;
}) {
  const [tab, setTab] = useState<CodeTab>("quick");
  const code = tab === "quick" ? quickIntegrationCode(appUrl, button.id) : fullHtmlExample(appUrl, button);
  const badge = popBadge(button);

  const testPage = `/test/${encodeURIComponent(button.id)}`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Integration Code"
      description={`Add "${button.name}" to any website by pasting this code into its HTML.`}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <div className="space-y-5">
        <IntegrationCodeTabs tab={tab} onChange={setTab} code={code} />
        <div className="flex justify-end">
          <CopyButton text={code} label="Copy Code" />
        </div>

        <ButtonConfiguration titleId="integration-config-title" columns="grid-cols-2">
          <dt className="text-gray-600">Amount</dt>
          <dd className="text-gray-900">{formatMoney(button.amountMinor, button.currency)}</dd>
          <dt className="text-gray-600">Type</dt>
          <dd className="text-gray-900">{button.paymentType === "subscription" ? "Subscription" : "One-time"}</dd>
          <dt className="text-gray-600">Status</dt>
          <dd>
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </dd>
          <dt className="text-gray-600">Button ID</dt>
          <dd className="font-mono break-all text-gray-900">{button.id}</dd>
        </ButtonConfiguration>

        <Instructions titleId="integration-steps-title">
          <li>Copy the code above.</li>
          <li>Paste it into your website&apos;s HTML where the button should appear.</li>
          <li>Publish the page: the PayPal button loads by itself and payments appear in your dashboard.</li>
          <li>While the button is inactive, buyers see &quot;This button is not currently available&quot;.</li>
        </Instructions>

        <a href={testPage} target="_blank" rel="noopener noreferrer" className={buttonClasses("secondary", "sm")}>
          <ExternalLink aria-hidden className="size-4" />
          Open Test Page
        </a>
      </div>
    </Dialog>
  );
}
