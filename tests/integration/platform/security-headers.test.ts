import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as buttonScript } from "~/app/api/button/[id]/route";
import { GET as wpsButtonScript } from "~/app/api/wps-button/[id]/route";
import { db } from "~/server/platform/db";
import { proxy } from "~/proxy";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createWpsButton } from "../../factories/wps-button";

// The request-dependent security headers of every route family, from the proxy itself (src/proxy.ts): the nonce
// policy, framing, the signed-out redirects and HSTS; and the embed scripts' headers from their route handlers. What
// only the production server shows (next.config.js's fixed headers, the nonce stamped on each script of the HTML,
// scripts/serve.ts's front door) is checked over HTTP in tests/e2e/security-headers.spec.ts.

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

function request(path: string, headers: Record<string, string> = {}) {
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

describe("pages (src/proxy.ts)", () => {
  it("give public, sign-in and buyer pages the nonce policy, never framed, with a new nonce each time", async () => {
    const first = expectPageHeaders(await request("/"));
    expect(expectPageHeaders(await request("/"))).not.toBe(first);
    for (const path of [
      "/auth",
      "/auth?mode=signup",
      "/auth/forgot",
      "/auth/reset/not-a-token",
      "/saas-admin/auth",
      "/thank-you",
      "/library",
      "/library/not-a-token",
      "/privacy",
      "/no-such-page",
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

  it("send no HSTS over plain HTTP, whatever X-Forwarded-Proto claims from an untrusted client", async () => {
    const response = await request("/", { "x-forwarded-proto": "https" });
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(directives(response.headers.get("content-security-policy"))).not.toHaveProperty("upgrade-insecure-requests");
  });
});

describe("embed scripts (route handlers)", () => {
  it("are scripts any merchant's site may load: script type, no sniffing, readable from any origin", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const wpsButton = await createWpsButton(db, merchant.id);
    const headers = { referer: "https://shop.example.com/product" };
    const answers = {
      button: await buttonScript(new Request(`${APP}/api/button/${button.id}.js`, { headers }), {
        params: Promise.resolve({ id: `${button.id}.js` }),
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
