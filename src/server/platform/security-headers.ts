// The security headers of pages, which depend on the request: a Content-Security-Policy with a fresh nonce, framing
// rules and HSTS. src/proxy.ts applies them to every page and to its redirects. next.config.js sends the headers
// that never vary (X-Content-Type-Options, Referrer-Policy, Permissions-Policy) with every response, and the API
// routes' fixed policy: the proxy stays off /api because Next buffers the whole body of every request it proxies
// before the route runs, which would undo the routes' streaming size limits. Pure functions: the proxy hands in the
// deployment's settings.

/** What PayPal's JS SDK guide asks a page that shows its buttons to allow (scripts, frames, calls, images). */
const PAYPAL_SOURCES = ["https://*.paypal.com", "https://*.paypalobjects.com", "https://*.venmo.com"];
/** Where browsers upload to in production: UploadThing's regional ingest servers, through presigned URLs. */
const UPLOADTHING_INGEST = "https://*.ingest.uploadthing.com";
const HSTS = "max-age=63072000; includeSubDomains";

/** The deployment's settings that name other origins (src/env.js; the local sandbox points them at loopback). */
export type PolicyEnv = {
  NODE_ENV: string;
  APP_URL: string;
  PAYPAL_SDK_BASE_URL: string;
  PAYPAL_API_BASE_SANDBOX: string;
  PAYPAL_WPS_URL_SANDBOX: string;
  PAYPAL_WPS_URL_LIVE: string;
  UPLOADTHING_INGEST_URL?: string;
  UPLOADTHING_UFS_HOST: string;
  UPLOADTHING_UFS_APP_ID_LOCATION: "path" | "subdomain";
};

/** The origins a page of this deployment talks to, beyond its own. */
export type PolicySources = {
  isDevelopment: boolean;
  /**
   * APP_URL's origin: where the embed script (GET /api/button/{id}.js) and the checkout endpoints it calls live,
   * whatever address served the page ('self' is that address, e.g. 127.0.0.1 when APP_URL names localhost).
   */
  app: string;
  /** PayPal's SDK and REST hosts: its own wildcards plus a configured simulator. */
  paypal: string[];
  /** Where WPS buttons post the buyer (PayPal's web-script endpoints). */
  wps: string[];
  /** Where the browser uploads files. */
  uploads: string[];
  /** Where stored files are served from: product images and logos, and the signed download addresses. */
  files: string[];
};

function originOf(url: string): string {
  return new URL(url).origin;
}

/** Origins PAYPAL_SOURCES do not already cover: only a simulator's, as PayPal's own are https *.paypal.com. */
function beyondPayPal(urls: string[]): string[] {
  const origins = urls.map(originOf).filter((origin) => !/^https:\/\/([\w-]+\.)*paypal\.com$/.test(origin));
  return [...new Set(origins)];
}

const isPlainHttp = (source: string) => source.startsWith("http:");

/** The same address uploadthing gives a file (src/server/vendors/storage/files.ts publicFileUrl), as a CSP source. */
function fileOrigin(ufsHost: string, location: PolicyEnv["UPLOADTHING_UFS_APP_ID_LOCATION"]): string {
  const protocol = ufsHost.includes("local") ? "http" : "https";
  return location === "path" ? `${protocol}://${ufsHost}` : `${protocol}://*.${ufsHost}`;
}

export function policySources(env: PolicyEnv): PolicySources {
  return {
    isDevelopment: env.NODE_ENV === "development",
    app: originOf(env.APP_URL),
    paypal: [...PAYPAL_SOURCES, ...beyondPayPal([env.PAYPAL_SDK_BASE_URL, env.PAYPAL_API_BASE_SANDBOX])],
    wps: [...new Set([env.PAYPAL_WPS_URL_LIVE, env.PAYPAL_WPS_URL_SANDBOX].map(originOf))],
    uploads: [env.UPLOADTHING_INGEST_URL ? originOf(env.UPLOADTHING_INGEST_URL) : UPLOADTHING_INGEST],
    files: [fileOrigin(env.UPLOADTHING_UFS_HOST, env.UPLOADTHING_UFS_APP_ID_LOCATION)],
  };
}

/** 128 random bits, base64: unguessable, and new for every response (a reused nonce is no protection). */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * The nonce src/proxy.ts forwarded in the request's x-nonce header, for the pages that write their own scripts; ""
 * when there is none. Only base64 is accepted, so the value is safe inside an HTML attribute whoever set it.
 */
export function requestNonce(header: string | string[] | null | undefined): string {
  return typeof header === "string" && /^[A-Za-z0-9+/]{16,}={0,2}$/.test(header) ? header : "";
}

/**
 * Whether the browser reached us over HTTPS: the public address says so, or a proxy we trust (TRUSTED_PROXIES) says
 * the request came in that way. Next itself believes X-Forwarded-Proto from anyone, so it is read here only when
 * proxies are trusted. (A forged one could only add HSTS to a plain-HTTP answer, which browsers ignore.)
 */
export function isServedOverHttps(request: {
  appUrl: string;
  forwardedProto: string | null;
  trustsProxies: boolean;
}): boolean {
  if (request.appUrl.startsWith("https:")) return true;
  // Behind a chain of proxies that append, the hop facing the browser may be any of the entries.
  const hops = request.forwardedProto?.split(",").map((hop) => hop.trim().toLowerCase()) ?? [];
  return request.trustsProxies && hops.includes("https");
}

/**
 * The policy of a page: only scripts carrying this response's nonce run (Next stamps its own; ours pass it on), and
 * 'strict-dynamic' lets them load what they load (webpack chunks, PayPal's SDK from the checkout button and the
 * embed loader). The host sources after it are for browsers that predate 'strict-dynamic' (those that know it ignore
 * them). Styles allow 'unsafe-inline': React renders `style` attributes (progress bars, Radix
 * positioning), sonner and PayPal's SDK add <style> elements, and no nonce can reach an attribute; a nonce in
 * style-src would also switch 'unsafe-inline' off. Images may come from any HTTPS host: a merchant's WPS button can
 * use an image from anywhere.
 */
function pagePolicy(nonce: string, sources: PolicySources, frameAncestors: string, isHttps: boolean): string {
  const directives = [
    "default-src 'self'",
    [
      "script-src 'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      sources.app,
      ...sources.paypal,
      // React's development build rebuilds server error stacks with eval; production never needs it.
      ...(sources.isDevelopment ? ["'unsafe-eval'"] : []),
    ].join(" "),
    "style-src 'self' 'unsafe-inline'",
    // https: covers PayPal's and the production file hosts; a simulator's http:// origins are added.
    ["img-src 'self' data: blob: https:", ...[...sources.paypal, ...sources.files].filter(isPlainHttp)].join(" "),
    "font-src 'self'",
    // APP_URL's origin: /test/{id} embeds the button with the merchants' snippet, whose script and checkout calls
    // go to APP_URL even when the page was opened at another of our addresses.
    ["connect-src 'self'", sources.app, ...sources.paypal, ...sources.uploads].join(" "),
    // 'self': the payment button form previews its saved button in an iframe of /test/{id}.
    ["frame-src 'self'", ...sources.paypal].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    // WPS buttons post to PayPal; the library's Download form is redirected on to the file's storage address.
    ["form-action 'self'", ...sources.wps, ...sources.files].join(" "),
    `frame-ancestors ${frameAncestors}`,
    // Over plain HTTP (local runs, the demo) it would send the simulators' http://localhost requests to https.
    ...(isHttps ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export type SecurityHeaders = {
  "Content-Security-Policy": string;
  "X-Frame-Options": "DENY" | "SAMEORIGIN";
  "Strict-Transport-Security"?: string;
};

/**
 * The request-dependent security headers of a page (src/proxy.ts; API routes get theirs from next.config.js). No
 * page may be framed, against clickjacking of the dashboard, the staff portal, sign-in and the buy flow, except
 * /test/{id}, the button preview the dashboard frames.
 */
export function securityHeaders(
  pathname: string,
  request: { nonce: string; isHttps: boolean; sources: PolicySources },
): SecurityHeaders {
  const isPreview = pathname.startsWith("/test/");
  const headers: SecurityHeaders = {
    "Content-Security-Policy": pagePolicy(
      request.nonce,
      request.sources,
      isPreview ? "'self'" : "'none'",
      request.isHttps,
    ),
    "X-Frame-Options": isPreview ? "SAMEORIGIN" : "DENY",
  };
  if (request.isHttps) headers["Strict-Transport-Security"] = HSTS;
  return headers;
}
