// The lists staff and merchants page through: newest first, fixed-size pages numbered from 1.

/** Newest first, ties broken by id so that a page never repeats or skips a row. */
const newestFirst: { createdAt?: "desc"; id?: "desc" }[] = [{ createdAt: "desc" }, { id: "desc" }];

/** How many pages `total` rows fill: at least one, so an empty list still shows its (empty) first page. */
export function pageCount(total: number, size: number) {
  return Math.max(1, Math.ceil(total / size));
}

/** Page `page` (from 1) of the newest rows, `size` a page: what findMany takes besides its filter. */
function newestSlice(page: number, size: number) {
  return { orderBy: newestFirst, skip: (page - 1) * size, take: size };
}

export type NewestSlice = ReturnType<typeof newestSlice>;

/**
 * One page of a list and its size: `count` counts what the filter matches, `rows` reads the page with the slice
 * given (both with the same filter).
 */
export async function newestPage<Row>(
  page: number,
  size: number,
  count: Promise<number>,
  rows: (slice: NewestSlice) => Promise<Row[]>,
) {
  const [total, found] = await Promise.all([count, rows(newestSlice(page, size))]);
  return { total, pageCount: pageCount(total, size), rows: found };
}

/** Rows where any of `fields` contains `search`, ignoring case; every row when there is no search. */
export function containsAny<Field extends string>(search: string | undefined, fields: Field[]) {
  type Match = Partial<Record<Field, { contains: string; mode: "insensitive" }>>;
  return search
    ? { OR: fields.map((field): Match => ({ [field]: { contains: search, mode: "insensitive" } }) as Match) }
    : {};
}
