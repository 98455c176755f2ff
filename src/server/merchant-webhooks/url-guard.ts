// Merchant webhook URLs are typed by merchants, so a request to one must not become a way into our own network
// (SSRF): private, loopback, link-local and other non-public addresses are refused, checked on the address the
// name resolves to at send time, and the connection is then made to that very address (see send.ts), so a DNS
// answer that changes between the check and the connect (rebinding) cannot move it. Pure: no env, no database.
import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const nonPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24], // old 6to4 relay anycast
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  nonPublic.addSubnet(network, prefix, "ipv4");
}
// IPv6 is refused by default: only global unicast (2000::/3) may be called, less the special-purpose ranges in it
// (IANA's registry). Everything outside 2000::/3 is therefore refused without a list: unspecified, loopback,
// IPv4-compatible (::a.b.c.d, e.g. [::7f00:1]), discard, local-use NAT64 64:ff9b:1::/48, unique local fc00::/7,
// link-local fe80::/10, site-local, multicast ff00::/8. The forms that carry an IPv4 address a router will reach
// (mapped ::ffff:0:0/96, well-known NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that IPv4 address first.
const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");
const nonPublicUnicast = new BlockList();
for (const [network, prefix] of [
  // IETF protocol assignments: Teredo 2001::/32 (its client address is hidden, so it cannot be checked),
  // benchmarking 2001:2::/48, ORCHID and the anycast services: none is a seller's server.
  ["2001::", 23],
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation (RFC 9637)
  ["5f00::", 16], // SRv6 segment identifiers (RFC 9602)
] as const) {
  nonPublicUnicast.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedIpv4(groups: number[]): string | null {
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && groups[5] === 0xffff) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split(".").map(Number);
    text =
      text.slice(0, -dotted[1]!.length) +
      `${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const part = (value: string | undefined) => (value ? value.split(":").map((group) => parseInt(group, 16)) : []);
  const left = part(head);
  const right = part(tail);
  const groups =
    tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : null;
}

/** True for an address on the public internet; false for private, loopback, link-local and reserved ones. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !nonPublic.check(address, "ipv4");
  if (family !== 6) return false;
  const groups = expandIpv6(address);
  if (!groups) return false;
  const v4 = embeddedIpv4(groups);
  if (v4 !== null) return isPublicAddress(v4);
  const canonical = groups.map((group) => group.toString(16)).join(":");
  return globalUnicast.check(canonical, "ipv6") && !nonPublicUnicast.check(canonical, "ipv6");
}

/** A webhook URL the product refuses, with a sentence for the merchant's delivery log. */
export class RefusedWebhookUrl extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedWebhookUrl";
  }
}

/** The host of a URL as an address or a name: without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

const LOCAL_NAMES = /^(localhost|.*\.localhost|.*\.local|.*\.internal)\.?$/i;

/**
 * The checks a URL gets when a merchant saves it: http(s) only, no user name or password, and (unless private
 * addresses are allowed) no host that is plainly local. The address a name resolves to is checked at send time.
 * Returns an error sentence, or null when the URL is acceptable.
 */
export function webhookUrlProblem(value: string, options: { allowPrivate: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Please enter a valid URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return "The webhook URL must start with https:// or http://";
  if (url.username || url.password) return "The webhook URL must not contain a user name or password";
  if (options.allowPrivate) return null;
  const host = hostOf(url);
  if (LOCAL_NAMES.test(host) || (isIP(host) && !isPublicAddress(host))) {
    return "The webhook URL must point to a public address, not a private or local one";
  }
  return null;
}

export interface ResolvedTarget {
  url: URL;
  /** The checked address the request must connect to. */
  address: string;
  family: 4 | 6;
}

export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Resolves a webhook URL's host once and checks every address it has; throws RefusedWebhookUrl for a URL that
 * may not be called. `lookup` is for tests.
 */
export async function resolveWebhookTarget(
  value: string,
  options: { allowPrivate: boolean; lookup?: Lookup },
): Promise<ResolvedTarget> {
  const problem = webhookUrlProblem(value, { allowPrivate: true });
  if (problem) throw new RefusedWebhookUrl(problem);
  const url = new URL(value);
  const host = hostOf(url);
  const literal = isIP(host);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host);
    } catch {
      throw new RefusedWebhookUrl(`The host name ${host} could not be resolved`);
    }
  }
  const first = addresses[0];
  if (!first) throw new RefusedWebhookUrl(`The host name ${host} could not be resolved`);
  // Every address, not just the one used: a name that also points inside must not be called at all.
  const refused = options.allowPrivate ? undefined : addresses.find((entry) => !isPublicAddress(entry.address));
  if (refused) {
    throw new RefusedWebhookUrl(`Refused: ${host} resolves to ${refused.address}, a private or local address`);
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
