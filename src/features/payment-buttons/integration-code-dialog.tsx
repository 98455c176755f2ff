"use client";

import { Check, Copy, ExternalLink } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Tabs } from "~/components/ui/tabs";
import { fullHtmlExample, quickIntegrationCode } from "~/features/payment-buttons/integration-code";
import { formatMoney } from "~/lib/money";
import type { RouterOutputs } from "~/trpc/react";

type ListedButton = RouterOutputs["pages"]["listButtons"][number];
type CodeTab = "quick" | "full";

const COPIED_FOR_MS = 2000;

function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <pre
      aria-label={label}
      className="max-h-80 overflow-auto rounded-lg bg-gray-900 p-4 text-xs leading-relaxed text-gray-100"
    >
      <code>{code}</code>
    </pre>
  );
}

/** SPEC 2.12: the code a merchant pastes into their site, with the button's configuration and a test page. */
export function IntegrationCodeDialog({
  button,
  appUrl,
  open,
  onClose,
}: {
  button: ListedButton;
  appUrl: string;
  open: boolean;
  onClose(): void;
}) {
  const [tab, setTab] = useState<CodeTab>("quick");
  const [isCopied, setIsCopied] = useState(false);
  const code = tab === "quick" ? quickIntegrationCode(appUrl, button.id) : fullHtmlExample(appUrl, button);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setIsCopied(true);
    } catch {
      // SPEC 8: a refused clipboard is a silent failure; the code stays visible to select by hand.
    }
  }

  const testPage = `/test/${encodeURIComponent(button.id)}`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Integration Code"
      description={`Add "${button.name}" to any website by pasting this code into its HTML.`}
    >
      <div className="space-y-5">
        <Tabs<CodeTab>
          label="Integration code format"
          value={tab}
          onChange={setTab}
          tabs={[
            {
              value: "quick",
              label: "Quick Integration",
              panel: <CodeBlock code={code} label="Quick integration code" />,
            },
            {
              value: "full",
              label: "Full HTML Example",
              panel: <CodeBlock code={code} label="Full HTML example code" />,
            },
          ]}
        />
        <div className="flex justify-end">
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            {isCopied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
            {isCopied ? "Copied!" : "Copy Code"}
          </Button>
        </div>

        <section aria-labelledby="integration-config-title" className="rounded-lg bg-gray-50 p-4">
          <h3 id="integration-config-title" className="text-sm font-semibold text-gray-900">
            Button configuration
          </h3>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <dt className="text-gray-500">Amount</dt>
            <dd className="text-gray-900">{formatMoney(button.amountMinor, button.currency)}</dd>
            <dt className="text-gray-500">Type</dt>
            <dd className="text-gray-900">{button.paymentType === "subscription" ? "Subscription" : "One-time"}</dd>
            <dt className="text-gray-500">Status</dt>
            <dd>
              <Badge tone={button.isActive ? "green" : "gray"}>{button.isActive ? "Active" : "Inactive"}</Badge>
            </dd>
            <dt className="text-gray-500">Button ID</dt>
            <dd className="font-mono break-all text-gray-900">{button.id}</dd>
          </dl>
        </section>

        <section aria-labelledby="integration-steps-title">
          <h3 id="integration-steps-title" className="text-sm font-semibold text-gray-900">
            Instructions
          </h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-gray-700">
            <li>Copy the code above.</li>
            <li>Paste it into your website&apos;s HTML where the button should appear.</li>
            <li>Publish the page: the PayPal button loads by itself and payments appear in your dashboard.</li>
            <li>While the button is inactive, buyers see &quot;This button is not currently available&quot;.</li>
          </ol>
        </section>

        <a href={testPage} target="_blank" rel="noopener noreferrer" className={buttonClasses("secondary", "sm")}>
          <ExternalLink aria-hidden className="size-4" />
          Open Test Page
        </a>
      </div>
    </Dialog>
  );
}
