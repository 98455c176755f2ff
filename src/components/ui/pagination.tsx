import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";

/** Previous/next links that keep the page's other query parameters. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor(page: number): string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-4 pt-4 text-sm text-gray-600">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} className={buttonClasses("secondary", "sm")}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pageCount}
      </span>
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
