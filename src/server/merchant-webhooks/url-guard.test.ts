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

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "2002:0808:0808::1"])(
    "accepts %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
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

  it("refuses a name that does not resolve", async () => {
    const failing = async () => {
      throw new Error("ENOTFOUND");
    };
    await expect(
      resolveWebhookTarget("https://nowhere.example.com/", { allowPrivate: false, lookup: failing }),
    ).rejects.toThrow(/could not be resolved/);
  });
});
