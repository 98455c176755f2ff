import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "~/components/ui/card";
import { customerHref } from "~/features/payments/links";
import { cn } from "~/lib/cn";

/**
 * One titled section of a detail page (Payment, Buyer, PayPal references): a list of facts, or with `isList` a
 * list of records (refunds, events) that brings its own markup.
 */
export function DetailCard({
  title,
  actions,
  children,
  className,
  isList,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  isList?: boolean;
}) {
  return (
    <Card className={cn("min-w-0", className)}>
      <section>
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-100 px-5 py-3">
          <h2 className="text-base font-semibold text-gray-900">{title}</h2>
          {actions}
        </div>
        {isList ? (
          <div className="px-5">{children}</div>
        ) : (
          <dl className="divide-y divide-gray-100 px-5">{children}</dl>
        )}
      </section>
    </Card>
  );
}

/** A link inside a detail card's value (the POP, the buyer, a related record). */
export const detailLinkClasses =
  "text-brand-700 focus-visible:outline-brand-600 rounded font-medium hover:underline focus-visible:outline-2";

/** A label and its value; long values (ids, e-mails) wrap instead of widening the page. */
export function DetailRow({ label, children, isMono }: { label: string; children: ReactNode; isMono?: boolean }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-3 text-sm sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-gray-600">{label}</dt>
      <dd className={cn("min-w-0 break-words text-gray-900", isMono && "font-mono text-xs break-all sm:text-sm")}>
        {children}
      </dd>
    </div>
  );
}

/** The buyer's card: their name and e-mail (which opens their customer page), then what the page adds. */
export function BuyerCard({
  name,
  email,
  children,
}: {
  name: string | null;
  email: string | null;
  children: ReactNode;
}) {
  const none = <span className="text-gray-600">—</span>;
  return (
    <DetailCard title="Buyer">
      <DetailRow label="Name">{name ?? none}</DetailRow>
      <DetailRow label="E-mail">
        {email ? (
          <Link href={customerHref(email)} className={`${detailLinkClasses} break-all`}>
            {email}
          </Link>
        ) : (
          none
        )}
      </DetailRow>
      {children}
    </DetailCard>
  );
}
