import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";

/** Previous/next links that keep the list's other query parameters, with where the reader is in the list. */
export function Pagination({
  page,
  pageCount,
  total,
  pageSize,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  total?: number;
  pageSize?: number;
  hrefFor(page: number): string;
}) {
  if (pageCount <= 1) return null;
  const position =
    total !== undefined && pageSize
      ? `${(page - 1) * pageSize + 1}–${Math.min(page * pageSize, total)} of ${total.toLocaleString("en-US")}`
      : `Page ${page} of ${pageCount}`;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-4 text-sm text-gray-600">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} className={buttonClasses("secondary", "sm")}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span>{position}</span>
      {page < pageCount ? (
        <Link href={hrefFor(page + 1)} className={buttonClasses("secondary", "sm")}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
