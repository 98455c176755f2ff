/** A positive page number from a query string value; anything else is page 1. */
export function pageParam(value: string | string[] | undefined): number {
  const page = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** One value of a query parameter when it is one of `allowed`, else undefined. */
export function enumParam<T extends string>(
  value: string | string[] | undefined,
  allowed: readonly T[],
): T | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  return allowed.find((option) => option === single);
}

/** One string value of a query parameter, trimmed and bounded like the schemas' search fields. */
export function textParam(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim().slice(0, 200) ?? "";
}

/** `sort`/`dir` when `sort` is one of `allowed`, else the list's default. */
export function sortParams<T extends string>(
  params: Record<string, string | string[] | undefined>,
  allowed: readonly T[],
  fallback: { id: T; desc: boolean },
): { id: T; desc: boolean } {
  const id = enumParam(params.sort, allowed);
  if (!id) return fallback;
  return { id, desc: enumParam(params.dir, ["asc", "desc"] as const) !== "asc" };
}

/** A sort as the list procedures take it (`sort`, `dir`). */
export function sortInput<T extends string>(sort: { id: T; desc: boolean }) {
  return { sort: sort.id, dir: sort.desc ? ("desc" as const) : ("asc" as const) };
}

/** A list's pagination as its table shows it: the page asked for, with the counts of the result. */
export function listPage(page: number, result: { pageCount: number; total: number; pageSize: number }) {
  return { page, pageCount: result.pageCount, total: result.total, pageSize: result.pageSize };
}
