import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";

/** A list with nothing to show: nothing yet, or nothing that matches its filters (with a way out of them). */
export function ListEmpty({
  icon,
  noun,
  description,
  filterHint,
  clearHref,
}: {
  icon: ReactNode;
  /** "payments", "customers". */
  noun: string;
  description: ReactNode;
  /** When a filter is on: what to try instead ("Try another search or date range."). */
  filterHint?: string;
  clearHref?: string;
}) {
  if (!clearHref) return <EmptyState icon={icon} title={`No ${noun} yet`} description={description} />;
  return (
    <EmptyState
      icon={icon}
      title={`No ${noun} match`}
      description={filterHint}
      action={
        <Link href={clearHref} className={buttonClasses("secondary", "sm")}>
          Clear filters
        </Link>
      }
    />
  );
}
