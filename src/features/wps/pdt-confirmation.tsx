"use client";

import { AlertCircle, CheckCircle2, HelpCircle, Loader2 } from "lucide-react";
import Link from "next/link";
import { useEffect, useState, type ReactNode } from "react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";

/** What /pdt-confirmation shows, decided on the server (src/app/(public)/pdt-confirmation/page.tsx). */
export type PdtOutcome =
  | { kind: "failed"; code: string }
  | { kind: "thanks"; payerId: string }
  | {
      kind: "paid";
      transactionId: string;
      /** Formatted in the payment's currency. */
      amount: string;
      itemName: string;
      status: string;
      paymentDate: string | null;
    }
  | { kind: "received" }
  | { kind: "unknown" };

/** One second of spinner before the outcome. */
const SPINNER_MS = 1000;

const statusTone = (status: string): BadgeTone =>
  status.toLowerCase() === "completed" ? "green" : status.toLowerCase() === "pending" ? "yellow" : "gray";

function Heading({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="space-y-2 text-center">
      {icon}
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      {children && <p className="text-gray-600">{children}</p>}
    </div>
  );
}

function Outcome({ outcome }: { outcome: PdtOutcome }) {
  const success = <CheckCircle2 aria-hidden className="mx-auto size-12 text-green-600" />;
  switch (outcome.kind) {
    case "failed":
      return (
        <Heading
          icon={<AlertCircle aria-hidden className="mx-auto size-12 text-red-600" />}
          title="Payment Verification Failed"
        >
          Error: {outcome.code.replaceAll("_", " ")}
        </Heading>
      );
    case "thanks":
      return (
        <Heading icon={success} title="Thank You for Your Payment!">
          Payer ID: <span className="font-mono break-all">{outcome.payerId}</span>
        </Heading>
      );
    case "paid":
      return (
        <div className="space-y-5">
          <Heading icon={success} title="Payment Successful!">
            PayPal has confirmed your payment.
          </Heading>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-gray-50 p-4 text-sm">
            <dt className="text-gray-600">Transaction ID</dt>
            <dd className="font-mono break-all text-gray-900">{outcome.transactionId}</dd>
            <dt className="text-gray-600">Amount</dt>
            <dd className="font-semibold text-gray-900">{outcome.amount}</dd>
            <dt className="text-gray-600">Item</dt>
            <dd className="break-words text-gray-900">{outcome.itemName}</dd>
            <dt className="text-gray-600">Status</dt>
            <dd>
              <Badge tone={statusTone(outcome.status)}>{outcome.status}</Badge>
            </dd>
            {outcome.paymentDate && (
              <>
                <dt className="text-gray-600">Payment date</dt>
                <dd className="text-gray-900">{outcome.paymentDate}</dd>
              </>
            )}
          </dl>
        </div>
      );
    case "received":
      return (
        <Heading icon={success} title="Payment Received!">
          Thank you. PayPal is confirming your payment; you will get a receipt from PayPal by e-mail.
        </Heading>
      );
    case "unknown":
      return (
        <Heading icon={<HelpCircle aria-hidden className="mx-auto size-12 text-gray-500" />} title="No Payment Details">
          This link carries no payment to confirm. If you paid, PayPal has sent you a receipt by e-mail.
        </Heading>
      );
  }
}

/** The page: the spinner, the outcome, 'What's Next?' and support links. */
const supportLinks = [
  ["https://www.paypal.com/us/cshelp/personal", "PayPal Help Center"],
  ["https://www.paypal.com/disputes/", "PayPal Resolution Center"],
] as const;

export function PdtConfirmation({ outcome }: { outcome: PdtOutcome }) {
  const [isWaiting, setIsWaiting] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setIsWaiting(false), SPINNER_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-gray-50 to-white px-4 py-10">
      <Card className="w-full max-w-lg space-y-6 p-6 sm:p-8">
        {isWaiting ? (
          <div role="status" className="flex flex-col items-center gap-3 py-8 text-gray-600">
            <Loader2 aria-hidden className="size-10 animate-spin text-gray-400" />
            <h1 className="text-lg font-medium">Verifying your payment...</h1>
          </div>
        ) : (
          <>
            <Outcome outcome={outcome} />
            <section aria-labelledby="whats-next" className="rounded-lg border border-blue-200 bg-blue-50 p-4">
              <h2 id="whats-next" className="text-sm font-semibold text-blue-900">
                What&apos;s Next?
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-blue-900">
                <li>PayPal sends a receipt to the e-mail address of your PayPal account.</li>
                <li>The seller is notified of your payment and will follow up on your order.</li>
                <li>Keep your transaction ID in case you need to contact the seller or PayPal.</li>
              </ul>
            </section>
            <nav aria-label="Support" className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
              {supportLinks.map(([href, text]) => (
                <a
                  key={href}
                  href={href}
                  className="text-brand-700 font-medium hover:underline"
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {text}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ))}
              <Link href="/" className="text-brand-700 font-medium hover:underline">
                Return to Home
              </Link>
            </nav>
          </>
        )}
      </Card>
    </main>
  );
}
