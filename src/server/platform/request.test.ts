import { beforeAll, describe, expect, it } from "vitest";
import type * as Env from "~/env";
import type * as Request from "~/server/platform/request";

let parseTrustedProxies: typeof Env.parseTrustedProxies;
let request: typeof Request;

beforeAll(async () => {
  // The parsing itself, without validating this process's environment.
  process.env.SKIP_ENV_VALIDATION = "1";
  ({ parseTrustedProxies } = await import("~/env"));
  request = await import("~/server/platform/request");
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

describe("input hygiene", () => {
  it("refuses NUL and lone surrogates, and nothing else", () => {
    for (const text of ["", "plain", "é ü ß 漢字", "emoji 😀 pair", "\t\r\n tabs", "\uFFFD", "\u200B"]) {
      expect(request.isSafeText(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ["\0", "a\0b", "\uD800", "a\uDBFFb", "\uDC00", "x\uDFFF", "😀".slice(0, 1), "\uDE00\uD83D"]) {
      expect(request.isSafeText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("finds the first unsafe string anywhere in an input, keys included, and names its path", () => {
    expect(request.unsafeTextPath({ a: ["ok", { b: 1, c: null, d: new Date() }] })).toBeNull();
    expect(request.unsafeTextPath("a\0")).toEqual([]);
    expect(request.unsafeTextPath({ values: { features: ["ok", "bad\0"] } })).toEqual(["values", "features", 1]);
    expect(request.unsafeTextPath({ ["key\uD800"]: "ok" })).toEqual(["key\uD800"]);
  });

  it("walks deep nesting and shared or circular references without overflowing or looping", () => {
    let deep: unknown = "deep\0";
    for (let depth = 0; depth < 50_000; depth++) deep = [deep];
    expect(request.unsafeTextPath(deep)).toHaveLength(50_000);
    const circular: Record<string, unknown> = { name: "ok" };
    circular.self = circular;
    circular.list = [circular, circular];
    expect(request.unsafeTextPath(circular)).toBeNull();
  });

  it("assertSafeText throws INVALID with the message under the nearest field", async () => {
    const { AppError } = await import("~/server/platform/errors");
    expect(() => request.assertSafeText({ id: "x", values: { name: "ok" } })).not.toThrow();
    const error = (() => {
      try {
        request.assertSafeText({ id: "x", values: { features: ["a\0"] } });
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: "INVALID",
      userMessage: request.UNSAFE_TEXT_MESSAGE,
      fieldErrors: { features: [request.UNSAFE_TEXT_MESSAGE] },
    });
  });

  it("refuseUnsafeText answers a plain 400 for route values, null when they are clean", async () => {
    expect(request.refuseUnsafeText("id", [["q", "text"]])).toBeNull();
    const refused = request.refuseUnsafeText("id", [["q", "a\0"]]);
    expect(refused?.status).toBe(400);
    expect(await refused?.text()).toBe(request.UNSAFE_TEXT_MESSAGE);
  });

  it("refuseUnsafeRequest checks query and body as the handler will decode them, and leaves the body to it", async () => {
    const post = (body: string, contentType: string, query = "") =>
      new globalThis.Request(`http://localhost/${query}`, {
        method: "POST",
        body,
        headers: { "content-type": contentType },
      });
    const form = "application/x-www-form-urlencoded";
    for (const refused of [
      post("a=%00&b=2", form),
      post('{"a":"\\u0000"}', "application/json"),
      post('{"a":"\\ud800"}', "text/plain"),
      post("plain\0text", "text/plain"),
      post("a=1", form, "?q=%00"),
    ]) {
      expect((await request.refuseUnsafeRequest(refused, 1024))?.status).toBe(400);
    }
    expect((await request.refuseUnsafeRequest(post("x".repeat(2048), form), 1024))?.status).toBe(413);
    const clean = post("a=1&b=%C3%A9", form, "?q=ok");
    expect(await request.refuseUnsafeRequest(clean, 1024)).toBeNull();
    expect(await clean.text()).toBe("a=1&b=%C3%A9");
  });
});

describe("readBodyCapped", () => {
  const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
    new globalThis.Request("http://localhost/", { method: "POST", body, headers });

  /** A body of `chunks` chunks of `size` bytes that counts how many were pulled. */
  function countedStream(chunks: number, size: number) {
    const pulled = { count: 0, cancelled: false };
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled.count === chunks) return controller.close();
        pulled.count++;
        controller.enqueue(new Uint8Array(size).fill(97));
      },
      cancel() {
        pulled.cancelled = true;
      },
    });
    const streamed = new globalThis.Request("http://localhost/", {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit);
    return { request: streamed, pulled };
  }

  it("returns the bytes of a body within the cap, and an empty one for none", async () => {
    expect((await request.readBodyCapped(post("hello"), 5)).toString()).toBe("hello");
    expect((await request.readBodyCapped(post(null), 5)).length).toBe(0);
    expect(await request.readTextCapped(post("\uFEFFhé"), 100)).toBe("hé");
  });

  it("refuses a larger Content-Length before reading anything", async () => {
    const streamed = post("x".repeat(2048), { "content-length": "2048" });
    await expect(request.readBodyCapped(streamed, 1024)).rejects.toMatchObject({
      code: "TOO_LARGE",
      userMessage: request.BODY_TOO_LARGE_MESSAGE,
    });
    expect(streamed.bodyUsed).toBe(false);
  });

  it("stops reading as soon as a body without (or lying about) its length passes the cap", async () => {
    const { request: streamed, pulled } = countedStream(8 * 1024, 1024);
    await expect(request.readBodyCapped(streamed, 4096)).rejects.toMatchObject({ code: "TOO_LARGE" });
    // Not the 8 MB: the cap and the stream's read-ahead at most.
    expect(pulled.count).toBeLessThan(10);
    expect(pulled.cancelled).toBe(true);
  });
});
