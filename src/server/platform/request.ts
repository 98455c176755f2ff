import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import { env } from "~/env";
import { AppError, httpStatusFor } from "~/server/platform/errors";

/** TRUSTED_PROXIES as src/env.js parses it: a count of proxy hops, or the proxies' networks (neither: no proxy). */
export type ProxyTrust = { hops: number; networks: string[] };

/**
 * Set by our own server (scripts/serve.ts) on every request to the address of the socket's peer, replacing
 * whatever the client sent under that name. Next does not hand route handlers the socket.
 */
export const SOCKET_ADDRESS_HEADER = "x-popkit-socket-address";
const STAMPING_SERVER = Symbol.for("popkit.socket-address-stamped");

/**
 * Called by scripts/serve.ts before Next sees the request. The mark on globalThis (shared by Next's bundles in this
 * process) is what makes the header believed: under `next dev` or a bare `next start` nobody strips it, so there a
 * client could name any address with it.
 */
export function stampSocketAddress(req: Pick<IncomingMessage, "headers" | "socket">): void {
  (globalThis as Record<symbol, unknown>)[STAMPING_SERVER] = true;
  req.headers[SOCKET_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown";
}

function isBehindStampingServer(): boolean {
  return (globalThis as Record<symbol, unknown>)[STAMPING_SERVER] === true;
}

/**
 * One address as a proxy or a socket reports it, in canonical form, or null when it is not an IP address.
 * Accepts the forms proxies write: "[2001:db8::1]:443", "192.0.2.1:8080", IPv4 mapped into IPv6.
 */
export function parseAddress(entry: string): string | null {
  let text = entry.trim();
  if (text.length > 64) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text);
  if (mapped) text = mapped[1]!;
  text = text.replace(/%[\w.-]*$/, "");
  return isIP(text) === 0 ? null : text.toLowerCase();
}

/** The 16-bit groups of a valid IPv6 address (without zone), "::" and a dotted IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4Tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [left = "", right] = text.split("::");
  const head = left ? left.split(":") : [];
  const tail = right ? right.split(":") : [];
  const gap = right === undefined ? [] : Array<string>(8 - head.length - tail.length).fill("0");
  return [...head, ...gap, ...tail].map((group) => parseInt(group, 16));
}

/**
 * The identity a rate limit counts: an IPv4 address, or the /64 an IPv6 address belongs to. One IPv6 subscriber
 * usually holds a whole /64, so counting single addresses would let anyone with one line escape every limit.
 */
export function addressIdentity(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

const blockLists = new WeakMap<ProxyTrust, BlockList>();

function trustedNetworks(trust: ProxyTrust): BlockList {
  let list = blockLists.get(trust);
  if (!list) {
    list = new BlockList();
    for (const network of trust.networks) {
      const [address = "", prefix] = network.split("/");
      const type = isIP(address) === 6 ? "ipv6" : "ipv4";
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    }
    blockLists.set(trust, list);
  }
  return list;
}

/**
 * Which address a request came from, given who may vouch for it. The chain is X-Forwarded-For followed by the
 * socket's peer (when our server stamped it), read from the right, nearest hop first:
 * - trusting nobody, the client is the peer;
 * - trusting N hops, the peer and the N-1 entries before it are our proxies, so the client is the N-th entry from
 *   the right of X-Forwarded-For: the address the outermost proxy saw (1: the right-most entry);
 * - trusting networks, every address inside them is skipped and the first one outside is the client.
 * Entries further left were written by the client and are never believed. A chain shorter than the trust reaches
 * (a request that bypassed a proxy) yields its left-most address, and an entry that is not an address ends the
 * walk at the hop that reported it, so garbage never becomes a rate-limit key.
 *
 * Without our server's stamp (`next dev`, a bare `next start`, a route handler called in a test) the peer is not
 * known: Next writes it into X-Forwarded-For only when the request has none, so the right-most entry stands in
 * for it. That is exact for a request without the header and chosen by the client otherwise, which is why
 * production runs scripts/serve.ts.
 */
export function resolveClientAddress(headers: Headers, trust: ProxyTrust, isStamped: boolean): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",") ?? [];
  const chain = isStamped ? [...forwarded, headers.get(SOCKET_ADDRESS_HEADER) ?? ""] : forwarded;
  const networks = trust.networks.length > 0 ? trustedNetworks(trust) : null;
  let nearest: string | null = null;
  for (let index = chain.length - 1, skipped = 0; index >= 0; index--, skipped++) {
    const address = parseAddress(chain[index]!);
    if (!address) break;
    nearest = address;
    const isTrusted = networks ? networks.check(address, isIP(address) === 6 ? "ipv6" : "ipv4") : skipped < trust.hops;
    if (!isTrusted) break;
  }
  return nearest ?? "unknown";
}

/** The caller's full address (a dispute's proof of who downloaded), or null when it cannot be told. */
export function clientAddress(headers: Headers): string | null {
  const address = resolveClientAddress(headers, env.TRUSTED_PROXIES, isBehindStampingServer());
  return address === "unknown" ? null : address;
}

/**
 * The caller's address as rate limits and view counts see it (an IPv6 caller by its /64); "unknown" groups the
 * requests whose address cannot be told.
 */
export function clientIp(headers: Headers): string {
  const address = resolveClientAddress(headers, env.TRUSTED_PROXIES, isBehindStampingServer());
  return address === "unknown" ? address : addressIdentity(address);
}

// Input hygiene: one rule for every string a client sends us, wherever it arrives. PostgreSQL refuses
// NUL in text, and a lone UTF-16 surrogate is not text in any encoding (Prisma's engine cannot even serialise it),
// so either one reaching a query used to be a 500. They are refused at the edge instead: every tRPC procedure's raw
// input (src/server/api/trpc.ts) and every route handler's path ids, query and body.

export const UNSAFE_TEXT_MESSAGE = "Text contains characters that are not allowed.";
export const BODY_TOO_LARGE_MESSAGE = "Request body too large.";

const UNSAFE_CHARACTER = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for a string holding NUL or a lone surrogate. */
export function isSafeText(text: string): boolean {
  return !UNSAFE_CHARACTER.test(text);
}

/**
 * Where the first unsafe string (a value or an object key) sits in `value`, as its path of keys, or null when there
 * is none. Iterative and visiting each object once, so neither deep nesting nor the shared references superjson can
 * revive make it overflow or loop.
 */
export function unsafeTextPath(value: unknown): (string | number)[] | null {
  type Node = { value: unknown; key?: string | number; parent?: Node };
  const pathOf = (node: Node) => {
    const path: (string | number)[] = [];
    for (let at: Node | undefined = node; at?.key !== undefined; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const seen = new Set<object>();
  const stack: Node[] = [{ value }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const current = node.value;
    if (typeof current === "string") {
      if (!isSafeText(current)) return pathOf(node);
    } else if (typeof current === "object" && current !== null && !seen.has(current)) {
      seen.add(current);
      const entries: [string | number, unknown][] = Array.isArray(current)
        ? current.map((item, index) => [index, item])
        : Object.entries(current);
      for (const [key, item] of entries) {
        if (typeof key === "string" && !isSafeText(key)) return pathOf({ value: item, key, parent: node });
        stack.push({ value: item, key, parent: node });
      }
    }
  }
  return null;
}

/**
 * Refuses (INVALID, so 400) any input holding an unsafe string, naming the field it is in so a form shows the
 * message under it.
 */
export function assertSafeText(value: unknown): void {
  const path = unsafeTextPath(value);
  if (!path) return;
  const field = path.findLast((key): key is string => typeof key === "string" && isSafeText(key));
  throw new AppError("INVALID", UNSAFE_TEXT_MESSAGE, field ? { fieldErrors: { [field]: [UNSAFE_TEXT_MESSAGE] } } : {});
}

/**
 * The same rule for a route handler's path ids, query values and form fields: a plain 400 to answer with when any
 * of `values` holds unsafe text, else null.
 */
export function refuseUnsafeText(...values: unknown[]): Response | null {
  return unsafeTextPath(values) ? plainRefusal(400, UNSAFE_TEXT_MESSAGE) : null;
}

function plainRefusal(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * The rule for a library's handler that reads the request itself (next-auth, uploadthing): the query and a copy
 * of the body (read within `maxBytes`) are checked, so the handler still gets the body untouched, e.g. for a
 * signature over its bytes. A 413 or 400 to answer with, else null.
 */
export async function refuseUnsafeRequest(request: Request, maxBytes: number): Promise<Response | null> {
  let text: string;
  try {
    text = await readTextCapped(request.clone(), maxBytes);
  } catch (error) {
    if (error instanceof AppError) return plainRefusal(httpStatusFor(error), error.userMessage);
    throw error;
  }
  const query = [...new URL(request.url).searchParams];
  return refuseUnsafeText(query, decodedBody(text, request.headers.get("content-type")));
}

/**
 * A body's values as the handler behind us will decode them: a form's fields, JSON's values (where NUL hides as
 * \u0000), else the text itself.
 */
function decodedBody(text: string, contentType: string | null): unknown {
  if (contentType?.startsWith("application/x-www-form-urlencoded")) return [...new URLSearchParams(text)];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The request's body, read no further than `maxBytes` whatever Content-Length claims: a larger one is refused
 * (TOO_LARGE, so 413) as soon as the cap is passed, without ever holding more than the cap in memory.
 */
export async function readBodyCapped(request: Request, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new AppError("TOO_LARGE", BODY_TOO_LARGE_MESSAGE);
  if (Number(request.headers.get("content-length")) > maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Not awaited: cancelling one branch of a cloned (teed) body settles only once the other branch is cancelled.
      reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** The body as text (UTF-8, as Request.text() decodes it), within `maxBytes`. */
export async function readTextCapped(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBodyCapped(request, maxBytes));
}

/**
 * Our own pages' requests. Browsers say where a request comes from in Sec-Fetch-Site; without it (older browsers,
 * tests over HTTP) the Origin must be ours when it is given. Portal pages send no Referer, so a browser may send
 * "Origin: null" for their own forms: that and no Origin rest on the SameSite=Lax cookie.
 */
export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return true;
  if (origin === new URL(env.APP_URL).origin) return true;
  // A malformed Origin is no origin of ours.
  return URL.canParse(origin) && new URL(origin).host === request.headers.get("host");
}
