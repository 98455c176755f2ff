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
