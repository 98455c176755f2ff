import Link from "next/link";
import type { RouterOutputs } from "~/trpc/react";

export type TestCredentialsResult = RouterOutputs["merchant"]["store"]["connectTestCredentials"];

const PAGES_HREF = "/dashboard/pages";

/**
 * What 'Use test credentials' saved, and what else a test payment needs: a POP names the client ID buyers pay
 * through, so the ones saved with another ID cannot take payments until edited (pop-setup.ts says "Setup needed"),
 * and a subscription needs a PayPal plan made with these credentials.
 */
export function TestCredentialsNotice({ result }: { result: TestCredentialsResult }) {
  const others = result.popsWithOtherClientId;
  return (
    <div
      role="status"
      className="space-y-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800"
    >
      <p className="font-medium">{result.message}</p>
      {others > 0 && (
        <p>
          {others === 1
            ? "One of your payment buttons and sell pages uses another PayPal client ID"
            : `${others} of your payment buttons and sell pages use another PayPal client ID`}
          , so buyers cannot pay on {others === 1 ? "it" : "them"} until you edit {others === 1 ? "it" : "each"} to use
          this one (new ones use it automatically):{" "}
          <Link href={PAGES_HREF} className="font-medium underline">
            Checkout Pages
          </Link>
          .
        </p>
      )}
      {result.subscriptionButtons > 0 && (
        <p>
          Subscription buttons also need a PayPal plan made with these credentials: edit them and choose &quot;Create it
          in PayPal from this price&quot;.
        </p>
      )}
      <p>
        To take a test payment, open a payment button&apos;s checkout page and pay as Alex Buyer in the sandbox&apos;s
        PayPal window.
      </p>
    </div>
  );
}
