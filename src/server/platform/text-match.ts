/**
 * A case-insensitive equality filter. Prisma's `equals` with `mode: "insensitive"` is SQL ILIKE, where `_` and `%`
 * match any character: unescaped, a buyer `a_b@x.example` would see the purchases of `acb@x.example`.
 */
export function equalsIgnoringCase(value: string) {
  return { equals: value.replace(/[\\%_]/g, "\\$&"), mode: "insensitive" } as const;
}
