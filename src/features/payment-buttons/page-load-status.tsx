import { AlertTriangle } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { userMessageOf } from "~/trpc/react";

/**
 * What an edit screen shows until its POP is loaded: a spinner, or the error card when it cannot be (unknown id,
 * another merchant's, or a failure).
 */
export function PageLoadStatus({
  query,
  loadingLabel,
  errorTitle,
  errorFallback,
  returnHref,
}: {
  query: { isPending: boolean; error: unknown };
  loadingLabel: string;
  errorTitle: string;
  /** Shown when the server gives no message of its own. */
  errorFallback: string;
  returnHref: string;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  return (
    <Card className="mx-auto max-w-lg space-y-4 p-8 text-center">
      <AlertTriangle aria-hidden className="mx-auto size-10 text-red-500" />
      <h2 className="text-xl font-semibold text-gray-900">{errorTitle}</h2>
      <p role="alert" className="text-sm text-red-700">
        {userMessageOf(query.error, errorFallback)}
      </p>
      <Link href={returnHref} className={buttonClasses("primary")}>
        Return to Pages
      </Link>
    </Card>
  );
}
