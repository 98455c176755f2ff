import { readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { headerName, headerValue, hostileString, preview, wellFormed } from "./arbitraries";

const srcDir = path.resolve(import.meta.dirname, "../../src");

/**
 * The public pages, as URL patterns found on disk (e.g. "/checkout/[id]"): the App Router's (public) group and the
 * Pages Router page. The signed-in portals answer a signed-out request with a redirect before rendering anything.
 */
export function publicPages(): string[] {
  const appPages = readdirSync(path.join(srcDir, "app/(public)"), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "page.tsx")
    .map((file) => `/${path.dirname(file).split(path.sep).join("/")}`.replace(/\/\.$/, "") || "/");
  const routerPages = readdirSync(path.join(srcDir, "pages"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".tsx") && !path.basename(file).startsWith("_"))
    .map(
      (file) =>
        `/${file
          .replace(/\.tsx$/, "")
          .split(path.sep)
          .join("/")}`,
    );
  return [...appPages.map((page) => (page === "/." ? "/" : page)), ...routerPages].sort();
}

/** A page request: the path's segments as sent (already encoded), a query, headers and a method. */
export type PageRequest = { method: "GET" | "HEAD" | "POST"; path: string; headers: Record<string, string> };

/** Segments sent raw: broken percent-encoding, an encoded lone surrogate, encoded NUL and traversal. */
const rawSegments = fc.constantFrom(
  "%",
  "%ZZ",
  "%00",
  "%ED%A0%80",
  "%E0%A4%A",
  "..%2f..%2fetc%2fpasswd",
  "%2e%2e",
  "a%2fb",
);

// Past Node's 16 KB for the request line and headers every request is a 431 before it reaches Next: a few of
// those show the limit holds, more would only be spent on it.
const text = fc.oneof(
  { weight: 12, arbitrary: hostileString.filter((value) => value.length <= 2_000) },
  { weight: 1, arbitrary: hostileString },
);

const segment = fc.oneof(
  { weight: 3, arbitrary: text.map((value) => encodeURIComponent(wellFormed(value))) },
  { weight: 1, arbitrary: rawSegments },
);

const queryNames = fc.oneof(
  fc.constantFrom(
    "token",
    "refused",
    "tx",
    "cm",
    "error",
    "payer_id",
    "minimal",
    "success",
    "transaction_id",
    "mode",
    "callbackUrl",
    "bundle",
    "__proto__",
  ),
  text,
);

const query = fc
  .array(fc.tuple(queryNames, fc.oneof(text, rawSegments)), { maxLength: 3 })
  .map((pairs) =>
    pairs.map(([name, value]) => `${encodeURIComponent(wellFormed(name))}=${encodeURIComponent(wellFormed(value))}`),
  );

// A Content-Length on a request without a body would leave the connection waiting for bytes that never come.
const pageHeaderName = headerName.filter((name) => name !== "content-length");

class PageCase {
  constructor(readonly request: PageRequest) {}
  [fc.toStringMethod]() {
    const headers = Object.keys(this.request.headers).length ? ` headers ${preview(this.request.headers)}` : "";
    return `${this.request.method} ${preview(this.request.path)}${headers}`;
  }
}

/**
 * Requests for one page pattern: its segments either a real row's id (`seeds`, so the page renders for real and
 * the query reaches it) or hostile, a hostile query, sometimes hostile headers (Next's own RSC and action headers
 * included) and another method.
 */
export function pageCases(pattern: string, seeds: Record<string, string> = {}): fc.Arbitrary<PageCase> {
  const names = [...pattern.matchAll(/\[([^\]]+)\]/g)].map((match) => match[1]!);
  const values = fc.tuple(
    ...names.map((name) => (seeds[name] ? fc.oneof(fc.constant(encodeURIComponent(seeds[name])), segment) : segment)),
  );
  return fc
    .record({
      values,
      query,
      headers: fc.oneof(
        { weight: 3, arbitrary: fc.constant([] as [string, string][]) },
        { weight: 1, arbitrary: fc.array(fc.tuple(pageHeaderName, headerValue), { minLength: 1, maxLength: 2 }) },
      ),
      method: fc.constantFrom<PageRequest["method"]>("GET", "GET", "GET", "GET", "HEAD", "POST"),
    })
    .map(({ values: segments, query: pairs, headers, method }) => {
      let index = 0;
      const pathname = pattern.replace(/\[[^\]]+\]/g, () => segments[index++]!);
      return new PageCase({
        method,
        path: pairs.length ? `${pathname}?${pairs.join("&")}` : pathname,
        headers: Object.fromEntries(headers),
      });
    });
}
