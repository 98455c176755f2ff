import { existsSync } from "node:fs";
import { encode } from "next-auth/jwt";
import { unstable_doesMiddlewareMatch, unstable_getResponseFromNextConfig } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as buttonScript } from "~/app/api/button/[id]/route";
import { GET as wpsButtonScript } from "~/app/api/wps-button/[id]/route";
import { embedScriptAnswer } from "~/server/payment-buttons/embed-script";
import { db } from "~/server/platform/db";
import { config as proxyConfig, proxy } from "~/proxy";
import nextConfig from "../../../next.config.js";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createWpsButton } from "../../factories/wps-button";
import { signedOutPages } from "../../support/page-families";

// The security headers of every route family. A page's answer is next.config.js's fixed headers plus the proxy's
// (src/proxy.ts: the nonce policy, framing, the signed-out redirects, HSTS); API routes and static files get only
// next.config.js's, the proxy being kept off them by its matcher. Next's own testing helpers match next.config.js's
// sources and the proxy's matcher as the server does. The embed scripts' headers come from their route handlers and
// from the production front door's entry point (scripts/serve.ts). Only the nonce Next stamps on each script while
// rendering a page needs the production build: tests/e2e/security-headers.spec.ts.

const APP = "http://localhost:3000";

/** The policy as directive name -> its sources. */
function directives(policy: string | null): Record<string, string[]> {
  expect(policy, "Content-Security-Policy").toBeTruthy();
  return Object.fromEntries(
    policy!.split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** Whether Next runs the proxy for `path`, by the proxy's `config.matcher`. */
const runsProxy = (path: string) =>
  unstable_doesMiddlewareMatch({ config: proxyConfig, nextConfig, url: `${APP}${path}` });

/** The headers next.config.js's `headers()` gives an answer to `path`. */
async function configHeaders(path: string) {
  return (await unstable_getResponseFromNextConfig({ url: `${APP}${path}`, nextConfig })).headers;
}

/** The headers every answer carries; this run is plain HTTP, so no HSTS. */
function expectFixedHeaders(headers: Headers, path: string) {
  expect(headers.get("x-content-type-options"), path).toBe("nosniff");
  // A download's address carries its token: the storage host it redirects to must not see it.
  const referrerPolicy = path.startsWith("/api/download/") ? "no-referrer" : "strict-origin-when-cross-origin";
  expect(headers.get("referrer-policy"), path).toBe(referrerPolicy);
  expect(headers.get("permissions-policy"), path).toMatch(
    /^camera=\(\), microphone=\(\), geolocation=\(\), payment=\(self /,
  );
  expect(headers.get("strict-transport-security"), path).toBeNull();
}

/**
 * A page's answer from the proxy, after checking the rest of it: Next runs the proxy on `path`, and next.config.js
 * adds the fixed headers but no policy of its own (a browser would enforce a second policy on top of the proxy's).
 */
async function request(path: string, headers: Record<string, string> = {}) {
  expect(runsProxy(path), `the proxy runs on ${path}`).toBe(true);
  const fixed = await configHeaders(path);
  expectFixedHeaders(fixed, path);
  expect(fixed.get("content-security-policy"), path).toBeNull();
  return proxy(new NextRequest(`${APP}${path}`, { headers }));
}

/** A page's policy: its nonce only, no inline or eval escape hatch, framing refused (or our own origin). */
function expectPageHeaders(response: Response, framing: "none" | "self" = "none") {
  const csp = directives(response.headers.get("content-security-policy"));
  const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(
    csp["script-src"]?.find((source) => source.startsWith("'nonce-")) ?? "",
  )?.[1];
  expect(nonce, "script-src nonce").toBeTruthy();
  expect(csp["script-src"]).toContain("'strict-dynamic'");
  expect(csp["script-src"]).not.toContain("'unsafe-inline'");
  expect(csp["script-src"]).not.toContain("'unsafe-eval'");
  expect(csp["object-src"]).toEqual(["'none'"]);
  expect(csp["base-uri"]).toEqual(["'self'"]);
  expect(csp["frame-ancestors"]).toEqual([`'${framing}'`]);
  expect(response.headers.get("x-frame-options")).toBe(framing === "none" ? "DENY" : "SAMEORIGIN");
  // This run is plain HTTP: no HSTS.
  expect(response.headers.get("strict-transport-security")).toBeNull();
  return nonce!;
}

/** The session cookie next-auth sets over plain HTTP. The proxy only reads its signed claims. */
async function sessionCookie(userType: "merchant" | "saas_admin") {
  const name = "authjs.session-token";
  const token = await encode({
    token: { sub: `user-${userType}`, userType },
    secret: process.env.AUTH_SECRET!,
    salt: name,
  });
  return `${name}=${token}`;
}

describe("pages (src/proxy.ts)", () => {
  it("give public, sign-in and buyer pages the nonce policy, never framed, with a new nonce each time", async () => {
    const first = expectPageHeaders(await request("/"));
    expect(expectPageHeaders(await request("/"))).not.toBe(first);
    for (const path of [
      ...signedOutPages,
      "/checkout/some-button",
      "/digital-sell/some-page",
      "/digital-sell/does-not-exist",
    ]) {
      const response = await request(path);
      // Passed on to the page (no redirect), with the nonce the page reads.
      expect(response.headers.get("location"), path).toBeNull();
      expectPageHeaders(response);
    }
  });

  it("let only our own pages frame a button's test page (the button form previews it in an iframe)", async () => {
    expectPageHeaders(await request("/test/some-button"), "self");
  });

  it("redirect signed-out visitors of the portals to their sign-in page, with the headers on the redirect", async () => {
    for (const [path, target] of [
      ["/dashboard", "/auth"],
      ["/dashboard/settings", "/auth"],
      ["/saas-admin", "/saas-admin/auth"],
    ] as const) {
      const response = await request(path);
      expect(response.status, path).toBe(307);
      expect(new URL(response.headers.get("location")!).pathname, path).toBe(target);
      expectPageHeaders(response);
    }
  });

  it("pass signed-in merchants and staff on to their portals, with the page headers", async () => {
    for (const [userType, paths] of [
      ["merchant", ["/dashboard", "/dashboard/pages", "/dashboard/settings"]],
      ["saas_admin", ["/saas-admin", "/saas-admin/merchants"]],
    ] as const) {
      const cookie = await sessionCookie(userType);
      for (const path of paths) {
        const response = await request(path, { cookie });
        expect(response.headers.get("location"), path).toBeNull();
        expectPageHeaders(response);
      }
    }
  });

  it("send no HSTS over plain HTTP, whatever X-Forwarded-Proto claims from an untrusted client", async () => {
    const response = await request("/", { "x-forwarded-proto": "https" });
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(directives(response.headers.get("content-security-policy"))).not.toHaveProperty("upgrade-insecure-requests");
  });
});

describe("API routes and static files (next.config.js)", () => {
  it("give API answers a data-only policy, never framed, without the proxy", async () => {
    for (const path of ["/api/health", "/api/trpc/pages.counts", "/api/download/not-a-token"]) {
      expect(runsProxy(path), path).toBe(false);
      const headers = await configHeaders(path);
      expectFixedHeaders(headers, path);
      const csp = directives(headers.get("content-security-policy"));
      expect(csp["default-src"], path).toEqual(["'none'"]);
      expect(csp["frame-ancestors"], path).toEqual(["'none'"]);
      expect(headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("give static files the fixed headers and no per-request policy", async () => {
    expect(existsSync(new URL("../../../public/favicon.svg", import.meta.url))).toBe(true);
    expect(runsProxy("/favicon.svg")).toBe(false);
    const headers = await configHeaders("/favicon.svg");
    expectFixedHeaders(headers, "/favicon.svg");
    expect(headers.get("content-security-policy")).toBeNull();
  });
});

describe("embed scripts (route handlers and the front door)", () => {
  it("are scripts any merchant's site may load: script type, no sniffing, readable from any origin", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const wpsButton = await createWpsButton(db, merchant.id);
    const referrer = "https://shop.example.com/product";
    const headers = { referer: referrer };
    // In production scripts/serve.ts answers GET /api/button/{id}.js itself, before Next and next.config.js's
    // headers; the route handler answers under `next dev`.
    const frontDoor = await embedScriptAnswer(`${button.id}.js`, {
      ifNoneMatch: null,
      acceptEncoding: "gzip, deflate, br",
      referrer,
    });
    const answers = {
      button: await buttonScript(new Request(`${APP}/api/button/${button.id}.js`, { headers }), {
        params: Promise.resolve({ id: `${button.id}.js` }),
      }),
      "button (front door)": new Response(frontDoor.body && new Uint8Array(frontDoor.body), {
        status: frontDoor.status,
        headers: frontDoor.headers,
      }),
      wps: await wpsButtonScript(new Request(`${APP}/api/wps-button/${wpsButton.id}.js`, { headers }), {
        params: Promise.resolve({ id: `${wpsButton.id}.js` }),
      }),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.status, name).toBe(200);
      expect(response.headers.get("content-type"), name).toBe("application/javascript; charset=utf-8");
      expect(response.headers.get("x-content-type-options"), name).toBe("nosniff");
      expect(response.headers.get("cross-origin-resource-policy"), name).toBe("cross-origin");
      expect(response.headers.get("access-control-allow-origin"), name).toBe("*");
    }
  });
});
