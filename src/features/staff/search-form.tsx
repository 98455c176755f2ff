import { Search } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/** A GET search form: the query lives in the URL, so results can be linked, refreshed and paged. */
export function SearchForm({
  action,
  value,
  label,
  placeholder,
}: {
  action: string;
  value: string;
  label: string;
  placeholder: string;
}) {
  return (
    <form action={action} method="get" role="search" className="flex flex-wrap items-end gap-2">
      <div className="min-w-64 flex-1 space-y-1.5">
        <label htmlFor="search" className="block text-sm font-medium text-gray-700">
          {label}
        </label>
        <Input id="search" name="search" type="search" defaultValue={value} placeholder={placeholder} />
      </div>
      <button type="submit" className={buttonClasses("secondary")}>
        <Search aria-hidden className="h-4 w-4" />
        Search
      </button>
      {value && (
        <Link href={action} className={buttonClasses("ghost")}>
          Clear
        </Link>
      )}
    </form>
  );
}

/** `path?search=…&page=…`, leaving out defaults. */
export function listHref(path: string, params: { search?: string; page?: number }) {
  const query = new URLSearchParams();
  if (params.search) query.set("search", params.search);
  if (params.page && params.page > 1) query.set("page", String(params.page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** One string value of a query parameter, trimmed and bounded like the schemas' search fields. */
export function textParam(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim().slice(0, 200) ?? "";
}
