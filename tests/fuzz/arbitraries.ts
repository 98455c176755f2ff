// Hostile values for the fuzz tests: what a buggy client, a scanner or an attacker sends. Callers
// through createCaller pass values as they are, with no JSON in between, so NaN, undefined, BigInt, Dates (invalid
// ones too), Maps and Sets are all in play: superjson can carry every one of them over HTTP.
import fc from "fast-check";

/** Lone surrogates replaced by U+FFFD, as any URL, header or UTF-8 encoding of the text would carry them. */
export const wellFormed = (value: string) =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");

const long = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length));

/** Strings that have broken real parsers, databases and renderers; the long ones pass every length check a
 *  client-side form has, and the database's text columns take them (PostgreSQL refuses only NUL). */
export const nastyStrings: readonly string[] = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF",
  "x\uDC00y",
  "\uDBFF\uDFFF",
  "\u202Egnp.exe",
  "\u200B",
  "\u200D\u200C\u2060",
  "\uFEFF",
  "\u0085\u2028\u2029",
  "\r\n\t\v\f",
  "\uFFFE\uFFFF",
  "👩🏽‍💻",
  "e\u0301\u0301\u0301",
  "İı",
  "%00",
  "%",
  "%ZZ",
  "%u0000",
  "\\",
  "\\u0000",
  "'",
  '"',
  "' OR '1'='1",
  "'; DROP TABLE merchants;--",
  "$1",
  "${{7*7}}",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "../../../../etc/passwd",
  "..%2f..%2f",
  "//evil.example",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "1e309",
  "0x1F",
  "2026-02-30",
  "2026-13-45T25:61:61Z",
  "+275760-09-13",
  "0000-00-00",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "https://",
  "http://exa mple.com",
  "a@b",
  "@",
  "I-",
  long("a", 65),
  long("a", 257),
  long("a", 5_001),
];

/** Very long strings, built once: 100k characters of plain, NUL, multi-byte, astral and lone-surrogate text. */
export const longStrings: readonly string[] = [
  long("a", 100_000),
  long("\u0000", 10_000),
  long("é", 100_000),
  long("😀", 100_000),
  long("\uD800", 10_000),
  long(" ", 100_000),
  long("\u202E\u200B", 100_000),
];

const hostileChar = fc.oneof(
  fc.constantFrom("\u0000", "\uD800", "\uDC00", "\u202E", "\u200B", "\uFEFF", "\n", "%", "'", '"', "<", "\\", "/"),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 3, arbitrary: fc.string({ unit: hostileChar, maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(...longStrings) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    NaN,
    Infinity,
    -Infinity,
    -0,
    0,
    -1,
    0.5,
    1.5,
    -1.5,
    1e308,
    -1e308,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    Number.MIN_VALUE,
    10_001,
    1e21,
  ),
  fc.double(),
  fc.integer(),
);

const hostileDate = fc.constantFrom(
  new Date(NaN),
  new Date(8.64e15),
  new Date(-8.64e15),
  new Date(0),
  new Date("2026-02-28T23:59:59.999Z"),
);

/** Built lazily: a 10,000-deep array and object, for recursive walkers (superjson, zod, loggers). */
function nested(kind: "array" | "object", depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = kind === "array" ? [value] : { a: value };
  return value;
}

const bigValues = fc.constantFrom("deep-array", "deep-object", "wide-array", "wide-object").map((kind) => {
  if (kind === "deep-array") return nested("array", 10_000);
  if (kind === "deep-object") return nested("object", 10_000);
  if (kind === "wide-array") return Array.from({ length: 100_000 }, (_, i) => i);
  return Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
});

const oddObjects = fc.constantFrom("map", "set", "regexp", "bytes", "null-prototype").map((kind) => {
  if (kind === "map") return new Map<unknown, unknown>([["id", "x"]]);
  if (kind === "set") return new Set([1, "a"]);
  if (kind === "regexp") return /(a+)+$/;
  if (kind === "bytes") return new Uint8Array([0, 255]);
  return Object.assign(Object.create(null) as object, { id: "x" });
});

export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
  { weight: 1, arbitrary: fc.bigInt() },
  { weight: 1, arbitrary: hostileDate },
  { weight: 1, arbitrary: oddObjects },
);

/** Header values a client may send (HTTP allows Latin-1 only: no NUL or line breaks, so those stay out). */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "unknown",
    "999999999999999999999",
    "-1",
    "1e400",
    "NaN",
    "127.0.0.1, 10.0.0.1, ::1, 256.256.256.256",
    "::ffff:127.0.0.1",
    "[::1]:99999",
    "a".repeat(16_000),
    ", , ,",
    Array.from({ length: 500 }, (_, i) => `10.0.${i % 250}.1`).join(", "),
    "application/json; charset=utf-16",
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "multipart/form-data; boundary=",
    "text/plain",
    "*/*",
    'W/"x", "y", *',
    "bytes=0-99999999999",
    "gzip;q=abc, br;q=-1",
    "authjs.session-token=garbage; __Secure-authjs.session-token=x; authjs.csrf-token=a%00",
    "authjs.callback-url=javascript%3Aalert(1); __Secure-authjs.callback-url=a",
    "null",
    "https://evil.example",
    "Bearer \xff\xfe",
    "\xff\xfe\xfd",
  ),
  fc.string({
    // Visible ASCII and Latin-1's upper half; DEL (0x7f) is not allowed in a header value.
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((code) => code !== 0x7f)
      .map((code) => String.fromCharCode(code)),
    maxLength: 40,
  }),
);

/** Headers our routes, proxies, PayPal, UploadThing and Next itself read. */
export const headerName: fc.Arbitrary<string> = fc.constantFrom(
  "x-forwarded-for",
  "x-real-ip",
  "forwarded",
  "content-type",
  "content-length",
  "cookie",
  "origin",
  "referer",
  "if-none-match",
  "accept",
  "accept-encoding",
  "range",
  "user-agent",
  "authorization",
  "paypal-transmission-id",
  "paypal-transmission-time",
  "paypal-transmission-sig",
  "paypal-cert-url",
  "paypal-auth-algo",
  "x-uploadthing-signature",
  "uploadthing-hook",
  "x-popkit-socket-address",
  "trpc-accept",
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-action",
  "next-url",
  "x-middleware-prefetch",
);

/** Keys that confuse object handling (prototype pollution) or look like fields a server must never take. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "__proto__",
    "constructor",
    "prototype",
    "toString",
    "hasOwnProperty",
    "",
    "\u0000",
    "\uD800",
    "id",
    "merchantId",
    "amountMinor",
    "amount",
    "status",
    "role",
    "isActive",
    "userType",
    "json",
    "meta",
  ),
  fc.string({ unit: hostileChar, maxLength: 8 }),
);

/** An object whose keys are all own properties, "__proto__" included (a plain assignment would set the prototype). */
export function objectFrom(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

const tree = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 3, withCrossShrink: true },
    { weight: 6, arbitrary: hostileScalar },
    { weight: 2, arbitrary: tie("array") },
    { weight: 2, arbitrary: tie("object") },
  ),
  array: fc.array(tie("value"), { maxLength: 4 }),
  object: fc.array(fc.tuple(hostileKey, tie("value")), { maxLength: 4 }).map(objectFrom),
}));

/** (a) Anything at all, as a whole input. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 12, arbitrary: tree.value },
  { weight: 1, arbitrary: bigValues },
);

function stringLike(current: string): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: hostileString },
    { weight: 2, arbitrary: hostileString.map((extra) => current + extra) },
    { weight: 1, arbitrary: hostileString.map((extra) => extra + current) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.nat(current.length), fc.constantFrom("\u0000", "\uD800", "\u202E"))
        .map(([at, char]) => current.slice(0, at) + char + current.slice(at)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ` ${current} `,
        current.toUpperCase(),
        current.normalize("NFD"),
        long(current || "a", 100_001),
      ),
    },
  );
}

/** A replacement for one field, biased to what its valid value looks like, so it gets past the easy checks. */
export function hostileLike(current: unknown): fc.Arbitrary<unknown> {
  const typed =
    typeof current === "string"
      ? stringLike(current)
      : typeof current === "number"
        ? hostileNumber
        : current instanceof Date
          ? fc.oneof(hostileDate, fc.constantFrom(current.toISOString(), current.getTime(), "2026-02-30"))
          : Array.isArray(current)
            ? fc.oneof(
                fc.array(hostileScalar, { maxLength: 5 }),
                fc.constant(Array.from({ length: 10_000 }, () => current[0] ?? "x")),
              )
            : hostileScalar;
  return fc.oneof({ weight: 3, arbitrary: typed }, { weight: 1, arbitrary: hostileValue });
}

type Key = string | number;
type Mutation =
  | { kind: "replace"; path: Key[]; value: unknown }
  | { kind: "delete"; path: Key[] }
  | { kind: "add"; path: Key[]; key: string; value: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !(value instanceof Date) && !Array.isArray(value);

/** Every node below the root, as [path, value], and every object (the root too) a key can be added to. */
function nodesOf(value: unknown, path: Key[] = []): { leaves: [Key[], unknown][]; objects: Key[][] } {
  const leaves: [Key[], unknown][] = [];
  const objects: Key[][] = [];
  const visit = (node: unknown, at: Key[]) => {
    if (at.length > 0) leaves.push([at, node]);
    if (Array.isArray(node)) node.forEach((child, index) => visit(child, [...at, index]));
    else if (isRecord(node)) {
      objects.push(at);
      for (const [key, child] of Object.entries(node)) visit(child, [...at, key]);
    }
  };
  visit(value, path);
  return { leaves, objects };
}

function applyMutation(valid: unknown, mutation: Mutation): unknown {
  const copy: unknown = structuredClone(valid);
  const parentOf = (path: Key[]) => path.slice(0, -1).reduce<unknown>((node, key) => (node as never)[key], copy);
  if (mutation.kind === "add") {
    const target = mutation.path.reduce<unknown>((node, key) => (node as never)[key], copy);
    Object.defineProperty(target, mutation.key, {
      value: mutation.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return copy;
  }
  if (mutation.path.length === 0) return mutation.kind === "replace" ? mutation.value : undefined;
  const parent = parentOf(mutation.path) as Record<Key, unknown>;
  const key = mutation.path.at(-1)!;
  if (mutation.kind === "delete") {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else {
    Object.defineProperty(parent, key, { value: mutation.value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

export type Variant = { input: unknown; label: string };

/**
 * (b) A valid input with one change: one field replaced by a hostile value of about its type, one field removed,
 * or one unexpected key added. These get past the first check, so they reach services and the database.
 */
export function mutationOf(valid: unknown): fc.Arbitrary<Variant> {
  const { leaves, objects } = nodesOf(valid);
  const options: fc.Arbitrary<Mutation>[] = [];
  if (leaves.length > 0) {
    const leaf = fc.constantFrom(...leaves);
    options.push(
      leaf.chain(([path, current]) =>
        hostileLike(current).map((value): Mutation => ({ kind: "replace", path, value })),
      ),
      leaf.map(([path]): Mutation => ({ kind: "delete", path })),
    );
  }
  if (objects.length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...objects), hostileKey, hostileValue)
        .map(([path, key, value]): Mutation => ({ kind: "add", path, key, value })),
    );
  }
  if (options.length === 0) return hostileValue.map((input) => ({ input, label: `whole input = ${preview(input)}` }));
  return fc.oneof(...options).map((mutation) => ({
    input: applyMutation(valid, mutation),
    label: describeMutation(mutation),
  }));
}

function describeMutation(mutation: Mutation): string {
  const at = mutation.path.length ? mutation.path.join(".") : "(root)";
  if (mutation.kind === "delete") return `valid input without ${at}`;
  if (mutation.kind === "add") return `valid input plus ${at}[${preview(mutation.key)}] = ${preview(mutation.value)}`;
  return `valid input with ${at} = ${preview(mutation.value)}`;
}

/** A short, exact-enough rendering of any value for a failure report: long strings and deep trees are elided. */
export function preview(value: unknown, depth = 0): string {
  if (typeof value === "string") {
    const shown = JSON.stringify(value.length > 60 ? value.slice(0, 40) : value);
    return value.length > 60 ? `${shown.slice(0, -1)}..."(${value.length} chars)` : shown;
  }
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (value === undefined || value === null || typeof value === "boolean") return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "Invalid Date" : `Date(${value.toISOString()})`;
  if (value instanceof Map) return `Map(${value.size})`;
  if (value instanceof Set) return `Set(${value.size})`;
  if (value instanceof RegExp) return String(value);
  if (ArrayBuffer.isView(value)) return `${value.constructor.name}(${value.byteLength})`;
  if (depth > 3) return Array.isArray(value) ? "[...]" : "{...}";
  if (Array.isArray(value)) {
    const items = value.slice(0, 5).map((item) => preview(item, depth + 1));
    return `[${items.join(", ")}${value.length > 5 ? `, ... (${value.length} items)` : ""}]`;
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    const shown = entries.slice(0, 6).map(([key, item]) => `${JSON.stringify(key)}: ${preview(item, depth + 1)}`);
    return `{${shown.join(", ")}${entries.length > 6 ? `, ... (${entries.length} keys)` : ""}}`;
  }
  return typeof value;
}
