import { Download } from "lucide-react";
import { buttonClasses } from "~/components/ui/button";

/**
 * "Export CSV" of a list as it is filtered: a plain link to the export route (a file download, not a page), whose
 * query is the list's own.
 */
export function ExportLink({
  path,
  query,
  title,
  label = "Export CSV",
}: {
  path: string;
  query: string;
  title: string;
  label?: string;
}) {
  return (
    <a href={query ? `${path}?${query}` : path} download title={title} className={buttonClasses("secondary")}>
      <Download aria-hidden className="size-4" />
      {label}
    </a>
  );
}
