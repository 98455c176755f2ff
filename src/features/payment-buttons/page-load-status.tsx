import { AlertTriangle } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { cn } from "~/lib/cn";

/**
 * An edit screen's not-found.tsx: the error card for an unknown id or another merchant's, which the
 * page answers with status 404.
 */
export function PopNotFound({ title, message, returnHref }: { title: string; message: string; returnHref: string }) {
  return (
    <Card className="mx-auto max-w-lg space-y-4 p-8 text-center">
      <AlertTriangle aria-hidden className="mx-auto size-10 text-red-500" />
      <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
      <p role="alert" className="text-sm text-red-700">
        {message}
      </p>
      <Link href={returnHref} className={buttonClasses("primary")}>
        Return to Pages
      </Link>
    </Card>
  );
}

/** The box above an edit form: what is being edited, its id, created and last-updated times. */
export function PopFacts({
  name,
  idLabel,
  id,
  createdAt,
  updatedAt,
}: {
  /** The sell page's name; a payment button's box shows none. */
  name?: string;
  idLabel: string;
  id: string;
  createdAt: Date;
  updatedAt: Date;
}) {
  const facts = [
    ...(name === undefined ? [] : [{ label: "Page name", value: name, className: "font-medium break-words" }]),
    { label: idLabel, value: id, className: "font-mono break-all" },
    { label: "Created", value: <DateTime value={createdAt} /> },
    { label: "Last updated", value: <DateTime value={updatedAt} /> },
  ];
  return (
    <Card className={cn("p-4", name !== undefined && "bg-brand-50/40")}>
      <dl className={cn("grid gap-3 text-sm", facts.length === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-3")}>
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-gray-600">{fact.label}</dt>
            <dd className={cn("text-gray-900", fact.className)}>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
