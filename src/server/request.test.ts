import { beforeAll, describe, expect, it } from "vitest";
import type * as Env from "~/env";
import type * as Request from "~/server/request";

let parseTrustedProxies: typeof Env.parseTrustedProxies;
let request: typeof Request;

beforeAll(async () => {
  // The parsing itself, without validating this process's environment.
  process.env.SKIP_ENV_VALIDATION = "1";
  ({ parseTrustedProxies } = await import("~/env"));
  request = await import("~/server/request");
});

const none = { hops: 0, networks: [] };
const hops = (count: number) => ({ hops: count, networks: [] });
const networks = (...list: string[]) => ({ hops: 0, networks: list });

function headers(forwardedFor?: string, socket?: string) {
  const result = new Headers();
  if (forwardedFor !== undefined) result.set("x-forwarded-for", forwardedFor);
  if (socket !== undefined) result.set("x-popkit-socket-address", socket);
  return result;
}

describe("TRUSTED_PROXIES", () => {
  it("reads empty, a hop count up to 10, or a list of IPv4/IPv6 networks and single addresses", () => {
    expect(parseTrustedProxies("")).toEqual(none);
    expect(parseTrustedProxies("  ")).toEqual(none);
    expect(parseTrustedProxies("0")).toEqual(none);
    expect(parseTrustedProxies("2")).toEqual(hops(2));
    expect(parseTrustedProxies("10")).toEqual(hops(10));
    expect(parseTrustedProxies("10.0.0.0/8, fd00::/8,192.0.2.7")).toEqual(
      networks("10.0.0.0/8", "fd00::/8", "192.0.2.7"),
    );
  });

  it("refuses anything else", () => {
    for (const value of ["11", "-1", "1.5", "one", "10.0.0.0/33", "fd00::/129", "10.0.0.0/8,", "10.0.0.0/8;fd00::/8"]) {
      expect(parseTrustedProxies(value), value).toBeNull();
    }
  });
});

describe("resolveClientAddress behind our server (the socket's peer stamped)", () => {
  it("trusting nobody, is the peer whatever X-Forwarded-For claims", () => {
    expect(request.resolveClientAddress(headers("198.51.100.1", "203.0.113.5"), none, true)).toBe("203.0.113.5");
    expect(request.resolveClientAddress(headers(undefined, "203.0.113.5"), none, true)).toBe("203.0.113.5");
  });

  it("trusting N hops, is the address the outermost proxy saw; entries further left are ignored", () => {
    // spoofed by the client, then what proxy 2 saw (the client), then what proxy 1 saw (proxy 2); peer = proxy 1
    const chain = headers("6.6.6.6, 1.1.1.1, 10.0.0.2", "10.0.0.1");
    expect(request.resolveClientAddress(chain, hops(1), true)).toBe("10.0.0.2");
    expect(request.resolveClientAddress(chain, hops(2), true)).toBe("1.1.1.1");
    expect(request.resolveClientAddress(headers("6.6.6.6, 1.1.1.1", "10.0.0.1"), hops(1), true)).toBe("1.1.1.1");
  });

  it("trusting N hops, gives the left-most address of a chain shorter than that", () => {
    expect(request.resolveClientAddress(headers("1.1.1.1", "10.0.0.1"), hops(3), true)).toBe("1.1.1.1");
    expect(request.resolveClientAddress(headers(undefined, "10.0.0.1"), hops(1), true)).toBe("10.0.0.1");
  });

  it("trusting networks, skips IPv4 and IPv6 proxies from the right and stops at the first outsider", () => {
    const trust = networks("10.0.0.0/8", "fd00::/8", "192.0.2.7");
    expect(request.resolveClientAddress(headers("6.6.6.6, 1.1.1.1, 10.9.9.9", "10.0.0.1"), trust, true)).toBe(
      "1.1.1.1",
    );
    expect(request.resolveClientAddress(headers("6.6.6.6, 2001:db8::1, fd00::2", "192.0.2.7"), trust, true)).toBe(
      "2001:db8::1",
    );
    expect(request.resolveClientAddress(headers("1.1.1.1", "203.0.113.5"), trust, true)).toBe("203.0.113.5");
    expect(request.resolveClientAddress(headers("10.1.1.1", "10.0.0.1"), trust, true)).toBe("10.1.1.1");
  });

  it("reads the forms proxies write: ports, brackets, IPv4 mapped into IPv6, upper case", () => {
    expect(request.resolveClientAddress(headers("1.1.1.1:5555", "10.0.0.1"), hops(1), true)).toBe("1.1.1.1");
    expect(request.resolveClientAddress(headers("[2001:DB8::1]:443", "10.0.0.1"), hops(1), true)).toBe("2001:db8::1");
    expect(request.resolveClientAddress(headers(undefined, "::ffff:127.0.0.1"), none, true)).toBe("127.0.0.1");
  });

  it("never turns garbage into an address: the hop that reported it is as far as the walk goes", () => {
    const trust = networks("10.0.0.0/8");
    expect(request.resolveClientAddress(headers("1.1.1.1, <script>, 10.0.0.2", "10.0.0.1"), trust, true)).toBe(
      "10.0.0.2",
    );
    expect(request.resolveClientAddress(headers("unknown", "10.0.0.1"), hops(1), true)).toBe("10.0.0.1");
    expect(request.resolveClientAddress(headers(",,", "10.0.0.1"), hops(2), true)).toBe("10.0.0.1");
    expect(request.resolveClientAddress(headers(`${"1".repeat(5000)}`, "10.0.0.1"), hops(1), true)).toBe("10.0.0.1");
    expect(request.resolveClientAddress(headers("1.1.1.1", "not-an-ip"), hops(1), true)).toBe("unknown");
    expect(request.resolveClientAddress(headers("1.1.1.1", "999.1.1.1"), none, true)).toBe("unknown");
  });
});

describe("resolveClientAddress without our server (next dev, handlers called in tests)", () => {
  it("takes the right-most X-Forwarded-For entry as the peer, Next's own fill when the request had none", () => {
    expect(request.resolveClientAddress(headers("127.0.0.1"), none, false)).toBe("127.0.0.1");
    expect(request.resolveClientAddress(headers("6.6.6.6, 1.1.1.1, 10.0.0.2"), hops(1), false)).toBe("1.1.1.1");
    expect(request.resolveClientAddress(headers(), none, false)).toBe("unknown");
  });

  it("ignores a socket-address header it did not stamp itself", () => {
    expect(request.resolveClientAddress(headers("1.1.1.1", "6.6.6.6"), none, false)).toBe("1.1.1.1");
  });
});

describe("stampSocketAddress", () => {
  it("replaces whatever the client sent under the header's name with the socket's peer", () => {
    const req = {
      headers: { "x-popkit-socket-address": "6.6.6.6", "x-forwarded-for": "6.6.6.6" },
      socket: { remoteAddress: "::ffff:192.0.2.9" },
    } as unknown as Parameters<typeof request.stampSocketAddress>[0];
    request.stampSocketAddress(req);
    expect(req.headers["x-popkit-socket-address"]).toBe("::ffff:192.0.2.9");
    const forwarded = new Headers(req.headers as Record<string, string>);
    expect(request.resolveClientAddress(forwarded, none, true)).toBe("192.0.2.9");
  });
});

describe("addressIdentity", () => {
  it("keeps an IPv4 address and groups IPv6 by its /64", () => {
    expect(request.addressIdentity("192.0.2.1")).toBe("192.0.2.1");
    expect(request.addressIdentity("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(request.addressIdentity("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(request.addressIdentity("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(request.addressIdentity("::1")).toBe("0:0:0:0::/64");
    expect(request.addressIdentity("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });
});
