import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import { env } from "~/env";

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

/**
 * The caller's address as rate limits and view counts see it (an IPv6 caller by its /64); "unknown" groups the
 * requests whose address cannot be told.
 */
export function clientIp(headers: Headers): string {
  const address = resolveClientAddress(headers, env.TRUSTED_PROXIES, isBehindStampingServer());
  return address === "unknown" ? address : addressIdentity(address);
}
