import { describe, expect, it } from "vitest";
import { isPublicAddress, resolveWebhookTarget, webhookUrlProblem } from "./url-guard";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "2002:c0a8:0101::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  // IPv6 forms that lead to a private or local IPv4 address, or that cannot be checked at all.
  it.each([
    ["IPv4-compatible loopback", "::7f00:1"],
    ["IPv4-compatible loopback, dotted", "::127.0.0.1"],
    ["IPv4-compatible private", "::a00:1"],
    ["IPv4-compatible public (deprecated form, refused whatever it carries)", "::808:808"],
    ["IPv4-mapped loopback", "::ffff:127.0.0.1"],
    ["IPv4-mapped, fully written", "0:0:0:0:0:ffff:7f00:1"],
    ["IPv4-mapped private", "::ffff:192.168.0.1"],
    ["IPv4-translated (SIIT)", "::ffff:0:7f00:1"],
    ["NAT64 well-known prefix with loopback", "64:ff9b::127.0.0.1"],
    ["NAT64 well-known prefix with private", "64:ff9b::a00:1"],
    ["NAT64 well-known prefix with link-local", "64:ff9b::a9fe:a9fe"],
    ["local-use NAT64 64:ff9b:1::/48", "64:ff9b:1::a00:1"],
    ["local-use NAT64 with a public IPv4 part", "64:ff9b:1::808:808"],
    ["Teredo", "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
    ["Teredo, short", "2001::1"],
    ["benchmarking", "2001:2::1"],
    ["6to4 with loopback", "2002:7f00:1::1"],
    ["6to4 with private", "2002:a00:1::1"],
    ["6to4 with link-local", "2002:a9fe:a9fe::"],
    ["unique local", "fc00::1"],
    ["unique local fd00::/8", "fdff:ffff::1"],
    ["link-local", "fe80::1"],
    ["link-local, upper end of fe80::/10", "febf::1"],
    ["link-local with a zone", "fe80::1%2"],
    ["old site-local", "fec0::1"],
    ["multicast", "ff05::2"],
    ["multicast, all nodes", "ff02::1"],
    ["unspecified", "::"],
    ["unspecified, fully written", "0:0:0:0:0:0:0:0"],
    ["loopback", "0:0:0:0:0:0:0:1"],
    ["discard", "100::1"],
    ["documentation", "2001:db8::1"],
    ["documentation (RFC 9637)", "3fff::1"],
    ["outside global unicast", "4000::1"],
  ])("refuses %s (%s)", (_name, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:0808:0808::1",
  ])("accepts %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("webhookUrlProblem", () => {
  const strict = { allowPrivate: false };

  it("accepts public http(s) URLs", () => {
    expect(webhookUrlProblem("https://hooks.example.com/popkit", strict)).toBeNull();
    expect(webhookUrlProblem("http://93.184.216.34:8080/in", strict)).toBeNull();
  });

  it("refuses other schemes, credentials and plainly local hosts", () => {
    expect(webhookUrlProblem("ftp://example.com/", strict)).toMatch(/https:\/\/ or http:\/\//);
    expect(webhookUrlProblem("https://user:pw@example.com/", strict)).toMatch(/user name or password/);
    for (const url of [
      "http://localhost:3000/",
      "http://127.0.0.1/",
      "http://[::1]/",
      "http://10.0.0.5/",
      "http://db.internal/",
    ]) {
      expect(webhookUrlProblem(url, strict)).toMatch(/public address/);
      expect(webhookUrlProblem(url, { allowPrivate: true })).toBeNull();
    }
  });
});

describe("resolveWebhookTarget", () => {
  const lookupTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

  it("returns the checked address to connect to", async () => {
    const target = await resolveWebhookTarget("https://hooks.example.com/in", {
      allowPrivate: false,
      lookup: lookupTo("93.184.216.34"),
    });
    expect(target).toMatchObject({ address: "93.184.216.34", family: 4 });
    expect(target.url.hostname).toBe("hooks.example.com");
  });

  it("refuses a name with any private, loopback or link-local address, unless allowed", async () => {
    for (const address of ["127.0.0.1", "10.0.0.8", "169.254.169.254", "::1", "fe80::1"]) {
      await expect(
        resolveWebhookTarget("https://rebind.example.com/in", {
          allowPrivate: false,
          lookup: lookupTo("93.184.216.34", address),
        }),
      ).rejects.toThrow(/private or local address/);
    }
    await expect(
      resolveWebhookTarget("https://rebind.example.com/in", { allowPrivate: true, lookup: lookupTo("10.0.0.8") }),
    ).resolves.toMatchObject({ address: "10.0.0.8" });
  });

  it("checks IP literals without a lookup", async () => {
    await expect(resolveWebhookTarget("http://[::ffff:127.0.0.1]:9/", { allowPrivate: false })).rejects.toThrow(
      /private or local/,
    );
  });

  it.each([
    "http://[::7f00:1]/",
    "http://[::127.0.0.1]/",
    "http://[0:0:0:0:0:ffff:127.0.0.1]/",
    "http://[64:ff9b::10.0.0.1]/",
    "http://[64:ff9b:1::a00:1]/",
    "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
    "http://[2002:a9fe:a9fe::1]/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://[ff02::1]/",
    "http://[::]/",
  ])("refuses the IPv6 literal in %s when saved and when sent", async (url) => {
    expect(webhookUrlProblem(url, { allowPrivate: false })).toMatch(/public address/);
    await expect(resolveWebhookTarget(url, { allowPrivate: false })).rejects.toThrow(/private or local/);
  });

  it("refuses a name that resolves to an IPv6 form of a private address", async () => {
    for (const address of ["::7f00:1", "64:ff9b:1::a00:1", "2001::1", "::ffff:10.0.0.1", "2002:c0a8:101::1"]) {
      await expect(
        resolveWebhookTarget("https://v6.example.com/in", { allowPrivate: false, lookup: lookupTo(address) }),
      ).rejects.toThrow(/private or local address/);
    }
  });

  it("refuses a name that does not resolve", async () => {
    const failing = async () => {
      throw new Error("ENOTFOUND");
    };
    await expect(
      resolveWebhookTarget("https://nowhere.example.com/", { allowPrivate: false, lookup: failing }),
    ).rejects.toThrow(/could not be resolved/);
  });
});
