// The sign-in form's requests as a crafted client sends them. A relative callbackUrl is followed, a
// foreign or malformed one lands on the app (never error=Configuration), and a wrong password is one warning line.
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { GET, POST } from "~/app/api/auth/[...nextauth]/route";
import { db } from "~/server/platform/db";
import { createMerchant } from "../../factories/merchant";
import { unique } from "../../factories/unique";

/** One browser at `origin` (APP_URL is http://localhost:3000 in these tests): its own IP and cookie jar. */
function browser(origin = "http://localhost:3000") {
  const ip = `203.0.113.${Math.floor(Math.random() * 250)}-${unique("")}`;
  const jar = new Map<string, string>();

  async function send(path: string, form?: Record<string, string>) {
    const headers = new Headers({ host: new URL(origin).host, "x-forwarded-for": ip });
    if (jar.size) headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    if (form) headers.set("content-type", "application/x-www-form-urlencoded");
    const request = new NextRequest(`${origin}/api/auth${path}`, {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    const response = await (form ? POST(request) : GET(request));
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      jar.set(name!.trim(), rest.join("="));
    }
    return response;
  }

  return {
    jar,
    async signIn(credentials: { email: string; password: string }, callbackUrl: string, provider = "merchant") {
      const { csrfToken } = (await (await send("/csrf")).json()) as { csrfToken: string };
      return send(`/callback/${provider}`, { ...credentials, csrfToken, callbackUrl });
    },
  };
}

let warn: MockInstance<typeof console.warn>;
let error: MockInstance<typeof console.error>;

beforeEach(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  error = vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => vi.restoreAllMocks());

const logged = (spy: MockInstance<(...args: unknown[]) => void>) => spy.mock.calls.map((args) => args.join(" "));

describe("the sign-in form's callbackUrl", () => {
  it("a path is followed on APP_URL, and the session starts", async () => {
    const merchant = await createMerchant(db);
    const tab = browser();
    const response = await tab.signIn(merchant, "/dashboard/payments?range=mtd");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:3000/dashboard/payments?range=mtd");
    expect(tab.jar.get("authjs.session-token")).toBeTruthy();
    expect(logged(error)).toEqual([]);

    // Signed in at another name of the app: a path still means APP_URL's.
    const there = await browser("http://shop.example.test:3000").signIn(merchant, "/dashboard");
    expect(there.headers.get("location")).toBe("http://localhost:3000/dashboard");
  });

  it("an address on APP_URL's origin or on the one the browser signed in at is followed", async () => {
    const merchant = await createMerchant(db);
    const tab = browser("http://shop.example.test:3000");
    expect((await tab.signIn(merchant, "http://localhost:3000/dashboard")).headers.get("location")).toBe(
      "http://localhost:3000/dashboard",
    );
    expect((await tab.signIn(merchant, "http://shop.example.test:3000/dashboard")).headers.get("location")).toBe(
      "http://shop.example.test:3000/dashboard",
    );
  });

  it.each([
    ["another site", "https://evil.example/steal"],
    ["a protocol-relative address", "//evil.example/steal"],
    ["a script", "javascript:alert(1)"],
    ["text that is no URL", "dashboard"],
  ])("%s lands on the app itself, signed in, without an error", async (_, callbackUrl) => {
    const merchant = await createMerchant(db);
    const tab = browser();
    const response = await tab.signIn(merchant, callbackUrl);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    expect(tab.jar.get("authjs.session-token")).toBeTruthy();
    expect(logged(error)).toEqual([]);
  });

  it("a provider the app does not have is a 404, not error=Configuration and an error in the log", async () => {
    const merchant = await createMerchant(db);
    const response = await browser().signIn(merchant, "/dashboard", "credentials");
    expect(response.status).toBe(404);
    expect(logged(error)).toEqual([]);
  });
});

describe("a wrong password", () => {
  it("is one warning line with its reason, without a stack, and no error", async () => {
    const merchant = await createMerchant(db);
    const response = await browser().signIn({ email: merchant.email, password: "not-the-password" }, "/dashboard");
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/auth?error=CredentialsSignin&code=invalid_credentials",
    );
    expect(logged(error)).toEqual([]);
    const lines = logged(warn);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("\n");
    expect(JSON.parse(lines[0]!)).toEqual({
      level: "warn",
      time: expect.any(String) as string,
      message: "Sign-in refused",
      code: "invalid_credentials",
    });
  });
});
