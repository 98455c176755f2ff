import { describe, expect, it } from "vitest";
import {
  createNonce,
  isServedOverHttps,
  policySources,
  requestNonce,
  securityHeaders,
  type PolicyEnv,
} from "~/server/platform/security-headers";

const production: PolicyEnv = {
  NODE_ENV: "production",
  APP_URL: "https://pay.example.com/",
  PAYPAL_SDK_BASE_URL: "https://www.paypal.com/sdk/js",
  PAYPAL_API_BASE_SANDBOX: "https://api-m.sandbox.paypal.com",
  PAYPAL_WPS_URL_SANDBOX: "https://www.sandbox.paypal.com/cgi-bin/webscr",
  PAYPAL_WPS_URL_LIVE: "https://www.paypal.com/cgi-bin/webscr",
  UPLOADTHING_UFS_HOST: "ufs.sh",
  UPLOADTHING_UFS_APP_ID_LOCATION: "subdomain",
};

/** What the local sandbox (sandbox/server.ts) points the app at. */
const sandbox: PolicyEnv = {
  ...production,
  NODE_ENV: "development",
  APP_URL: "http://localhost:3000",
  PAYPAL_SDK_BASE_URL: "http://127.0.0.1:4010/sdk/js",
  PAYPAL_API_BASE_SANDBOX: "http://127.0.0.1:4010",
  PAYPAL_WPS_URL_SANDBOX: "http://127.0.0.1:4010/cgi-bin/webscr",
  UPLOADTHING_INGEST_URL: "http://localhost:4020",
  UPLOADTHING_UFS_HOST: "localhost:4020",
  UPLOADTHING_UFS_APP_ID_LOCATION: "path",
};

/** The policy as directive name -> its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

const nonce = "AAECAwQFBgcICQoLDA0ODw==";

function pageCsp(pathname: string, env: PolicyEnv = production, isHttps = true) {
  return directives(
    securityHeaders(pathname, { nonce, isHttps, sources: policySources(env) })["Content-Security-Policy"],
  );
}

describe("nonces", () => {
  it("are 128 random bits in base64, new every time", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const value of nonces) expect(Buffer.from(value, "base64")).toHaveLength(16);
  });

  it("are read back from the request only when they are base64", () => {
    expect(requestNonce(nonce)).toBe(nonce);
    expect(requestNonce(createNonce())).not.toBe("");
    for (const value of [null, undefined, "", "short", `${nonce}"><script>`, [nonce, nonce]]) {
      expect(requestNonce(value)).toBe("");
    }
  });
});

describe("page policy", () => {
  it("runs only scripts with the nonce, and what they load", () => {
    const csp = pageCsp("/digital-sell/abc");
    expect(csp["script-src"]).toEqual(expect.arrayContaining([`'nonce-${nonce}'`, "'strict-dynamic'"]));
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
    expect(csp["script-src"]).not.toContain("'unsafe-eval'");
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["default-src"]).toEqual(["'self'"]);
  });

  it("allows eval only under next dev", () => {
    expect(pageCsp("/", { ...production, NODE_ENV: "development" })["script-src"]).toContain("'unsafe-eval'");
    expect(pageCsp("/", { ...production, NODE_ENV: "test" })["script-src"]).not.toContain("'unsafe-eval'");
  });

  it("lets PayPal's SDK load, frame, call and show images as PayPal's CSP guide asks", () => {
    const csp = pageCsp("/checkout/abc");
    for (const name of ["script-src", "connect-src", "frame-src"]) {
      expect(csp[name], name).toEqual(expect.arrayContaining(["https://*.paypal.com", "https://*.paypalobjects.com"]));
    }
    expect(csp["img-src"]).toEqual(expect.arrayContaining(["https:", "data:"]));
  });

  it("lets WPS forms post to PayPal and the library's download form go on to storage", () => {
    expect(pageCsp("/dashboard/pages")["form-action"]).toEqual([
      "'self'",
      "https://www.paypal.com",
      "https://www.sandbox.paypal.com",
      "https://*.ufs.sh",
    ]);
  });

  it("lets pages opened at another of our addresses load the embed script from APP_URL and call it back", () => {
    for (const pathname of ["/test/abc", "/checkout/abc", "/digital-sell/abc"]) {
      const csp = pageCsp(pathname);
      expect(csp["script-src"], pathname).toContain("https://pay.example.com");
      // Its origin: no path, no trailing slash.
      expect(csp["connect-src"], pathname).toContain("https://pay.example.com");
    }
    // The sandbox's APP_URL is plain http on loopback.
    expect(pageCsp("/test/abc", sandbox, false)["connect-src"]).toContain("http://localhost:3000");
    // Nothing else of ours: frames and forms stay 'self'.
    expect(pageCsp("/test/abc")["frame-src"]).not.toContain("https://pay.example.com");
    expect(pageCsp("/test/abc")["form-action"]).not.toContain("https://pay.example.com");
  });

  it("uploads go to UploadThing's ingest servers", () => {
    expect(pageCsp("/dashboard/settings")["connect-src"]).toContain("https://*.ingest.uploadthing.com");
  });

  it("names the local sandbox's origins when the app is pointed at it", () => {
    const csp = pageCsp("/digital-sell/abc", sandbox, false);
    expect(csp["script-src"]).toContain("http://127.0.0.1:4010");
    expect(csp["connect-src"]).toEqual(expect.arrayContaining(["http://127.0.0.1:4010", "http://localhost:4020"]));
    expect(csp["img-src"]).toEqual(expect.arrayContaining(["http://127.0.0.1:4010", "http://localhost:4020"]));
    expect(csp["form-action"]).toEqual(expect.arrayContaining(["http://127.0.0.1:4010", "http://localhost:4020"]));
    expect(csp["connect-src"]).not.toContain("https://*.ingest.uploadthing.com");
  });

  it("does not repeat PayPal's own hosts", () => {
    expect(policySources(production).paypal).toEqual([
      "https://*.paypal.com",
      "https://*.paypalobjects.com",
      "https://*.venmo.com",
    ]);
  });

  it("upgrades insecure requests only when served over HTTPS", () => {
    expect(pageCsp("/", production, true)).toHaveProperty("upgrade-insecure-requests");
    expect(pageCsp("/", production, false)).not.toHaveProperty("upgrade-insecure-requests");
  });
});

describe("framing", () => {
  it("no page may be framed, the button preview only by our own pages", () => {
    for (const pathname of [
      "/",
      "/auth",
      "/auth/reset/token",
      "/dashboard",
      "/dashboard/settings",
      "/saas-admin",
      "/saas-admin/auth",
      "/checkout/abc",
      "/digital-sell/abc",
      "/thank-you",
      "/library/token",
    ]) {
      const headers = securityHeaders(pathname, { nonce, isHttps: false, sources: policySources(production) });
      expect(headers["X-Frame-Options"], pathname).toBe("DENY");
      expect(directives(headers["Content-Security-Policy"])["frame-ancestors"], pathname).toEqual(["'none'"]);
    }
    const preview = securityHeaders("/test/abc", { nonce, isHttps: false, sources: policySources(production) });
    expect(preview["X-Frame-Options"]).toBe("SAMEORIGIN");
    expect(directives(preview["Content-Security-Policy"])["frame-ancestors"]).toEqual(["'self'"]);
  });
});

describe("HSTS", () => {
  it("is sent only over HTTPS", () => {
    const sources = policySources(production);
    expect(securityHeaders("/", { nonce, isHttps: true, sources })["Strict-Transport-Security"]).toBe(
      "max-age=63072000; includeSubDomains",
    );
    expect(securityHeaders("/dashboard", { nonce, isHttps: true, sources })).toHaveProperty(
      "Strict-Transport-Security",
    );
    expect(securityHeaders("/", { nonce, isHttps: false, sources })).not.toHaveProperty("Strict-Transport-Security");
  });

  it("trusts X-Forwarded-Proto only from trusted proxies", () => {
    const plain = "http://127.0.0.1:3000";
    expect(isServedOverHttps({ appUrl: "https://pay.example", forwardedProto: null, trustsProxies: false })).toBe(true);
    expect(isServedOverHttps({ appUrl: plain, forwardedProto: null, trustsProxies: true })).toBe(false);
    expect(isServedOverHttps({ appUrl: plain, forwardedProto: "https", trustsProxies: false })).toBe(false);
    expect(isServedOverHttps({ appUrl: plain, forwardedProto: "https", trustsProxies: true })).toBe(true);
    expect(isServedOverHttps({ appUrl: plain, forwardedProto: "HTTPS, http", trustsProxies: true })).toBe(true);
    expect(isServedOverHttps({ appUrl: plain, forwardedProto: "http, https", trustsProxies: true })).toBe(true);
    expect(isServedOverHttps({ appUrl: plain, forwardedProto: "http", trustsProxies: true })).toBe(false);
  });
});
