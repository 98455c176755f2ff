import { readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { NextRequest } from "next/server";
import { headerName, headerValue, hostileString, hostileValue, mutationOf, preview, wellFormed } from "./arbitraries";
import { describeError, type Outcome, runTarget, type TargetReport } from "./report";
import type { Who } from "./procedures";
import type { StateTracker } from "./state";
import type { FuzzWorld } from "./world";
import { buyerCookie } from "../../src/server/portal/sessions";

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string | string[]>> }) => unknown;

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export type FuzzRoute = {
  /** The route's path under the app, e.g. "api/checkout/orders" or "api/button/[id]". */
  pattern: string;
  handlers: Partial<Record<(typeof METHODS)[number], Handler>>;
};

const appDir = path.resolve(import.meta.dirname, "../../src/app");

/** Every route handler under src/app/api, found on disk, so a new route is fuzzed without a line here. */
export async function fuzzRoutes(): Promise<FuzzRoute[]> {
  const files = readdirSync(path.join(appDir, "api"), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts")
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const exports = (await import(/* @vite-ignore */ path.join(appDir, "api", file))) as Record<string, unknown>;
      const handlers = Object.fromEntries(
        METHODS.filter((method) => typeof exports[method] === "function").map((method) => [method, exports[method]]),
      );
      return { pattern: `api/${path.dirname(file).split(path.sep).join("/")}`, handlers };
    }),
  );
}

/** A request before it is built: what the fuzzer varies. Bodies are text or raw bytes. */
type RequestSpec = {
  method: string;
  /** Dynamic segments by name; a catch-all ([...name]) takes several. */
  params: Record<string, string | string[]>;
  query: [string, string][];
  headers: [string, string][];
  body: string | Uint8Array | null;
};

type Template = Omit<RequestSpec, "query" | "headers" | "body"> & {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** JSON bodies are mutated as values; form bodies field by field. */
  json?: unknown;
  form?: Record<string, string>;
};

/**
 * Requests each route answers in earnest, pointing at the world's rows: their one-part mutations get past the
 * first checks. A route without templates is still fuzzed with wholly hostile requests.
 */
export function routeTemplates(world: FuzzWorld): Record<string, Template[]> {
  const buyer = world.payment.payerEmail ?? "buyer@example.test";
  const trpcInput = (json: unknown) => JSON.stringify({ json });
  const buyerSession = { cookie: `${buyerCookie()}=${world.portalSession}` };
  return {
    "api/button/[id]": [
      { method: "GET", params: { id: `${world.button.id}.js` }, headers: { "if-none-match": '"x"' } },
    ],
    "api/button/checkout": [{ method: "GET", params: {}, headers: { "if-none-match": '"x"' } }],
    "api/wps-button/[id]": [{ method: "GET", params: { id: `${world.wpsButton.id}.js` } }],
    "api/checkout/orders": [{ method: "POST", params: {}, json: { buttonId: world.button.id } }],
    "api/checkout/quote": [
      { method: "POST", params: {}, json: { buttonId: world.button.id, quantity: 1, discountCode: "", amount: "" } },
    ],
    "api/checkout/capture": [
      { method: "POST", params: {}, json: { buttonId: world.button.id, orderId: world.orderId } },
    ],
    // The world has no upsell offer: the fuzzer drives parsing and the unknown-offer answer.
    "api/checkout/upsell": [
      { method: "POST", params: {}, json: { token: "A".repeat(43), answer: "yes" } },
      { method: "POST", params: {}, json: { token: "A".repeat(43), answer: "no" } },
    ],
    "api/checkout/subscriptions": [
      {
        method: "POST",
        params: {},
        json: { buttonId: world.subscriptionButton.id, subscriptionId: world.paypalSubscriptionId },
      },
    ],
    "api/checkout/subscriptions/start": [
      {
        method: "POST",
        params: {},
        json: { buttonId: world.subscriptionButton.id, buyerCountry: "FR", vatNumber: "" },
      },
    ],
    // The world's store has no store page: the fuzzer drives parsing and the unknown-store answer.
    "api/checkout/cart/quote": [
      {
        method: "POST",
        params: {},
        json: { handle: "fuzz-store", items: [{ buttonId: world.button.id, quantity: 2 }], discountCode: "" },
      },
    ],
    "api/checkout/cart/orders": [
      {
        method: "POST",
        params: {},
        json: { handle: "fuzz-store", items: [{ buttonId: world.button.id, quantity: 1 }] },
      },
    ],
    "api/checkout/library-link": [{ method: "POST", params: {}, json: { email: buyer } }],
    // The world sells no licensed POP: the fuzzer drives parsing, limits and the unknown-key answer.
    // No key in the world: the fuzzer drives the Bearer check, the query rule and the problem+json answers.
    "api/v1/payments/[id]": [
      { method: "GET", params: { id: world.purchase.id }, headers: { authorization: `Bearer ${world.apiKey}` } },
    ],
    "api/v1/payments": [
      {
        method: "GET",
        params: {},
        query: {
          limit: "10",
          starting_after: world.purchase.id,
          status: "completed",
          created_gte: "2026-01-01T00:00:00Z",
        },
        headers: { authorization: `Bearer ${world.apiKey}` },
      },
    ],
    "api/v1/licenses/[action]": [
      { method: "POST", params: { action: "activate" }, form: { license_key: "FUZZ-KEY-0001", instance_name: "Fuzz" } },
      { method: "POST", params: { action: "validate" }, json: { license_key: "FUZZ-KEY-0001", instance_id: "x" } },
      { method: "POST", params: { action: "deactivate" }, form: { license_key: "FUZZ-KEY-0001", instance_id: "x" } },
    ],
    "api/sell-pages/[id]/view": [
      { method: "POST", params: { id: world.sellPage.id }, headers: { "user-agent": "Mozilla/5.0 fuzz" } },
    ],
    "api/images/[key]": [{ method: "GET", params: { key: world.image.key }, query: { w: "800" } }],
    "api/download/[token]": [{ method: "GET", params: { token: world.downloadToken } }],
    "api/portal/session": [{ method: "POST", params: {}, form: { token: "x".repeat(43), next: "/portal" } }],
    "api/portal/sign-out": [{ method: "POST", params: {}, headers: buyerSession }],
    "api/portal/payments/[id]/download": [{ method: "POST", params: { id: world.purchase.id }, headers: buyerSession }],
    "api/portal/payments/[id]/billing": [
      {
        method: "POST",
        params: { id: world.purchase.id },
        headers: buyerSession,
        json: { name: "Ada", vatId: "DE123" },
      },
    ],
    "api/portal/invoices/[id]": [{ method: "GET", params: { id: world.purchase.id }, headers: buyerSession }],
    "api/portal/subscriptions/[id]/[action]": [
      { method: "POST", params: { id: world.subscription.id, action: "resume" }, headers: buyerSession, json: {} },
      {
        method: "POST",
        params: { id: world.subscription.id, action: "change-plan" },
        headers: buyerSession,
        json: { buttonId: world.subscriptionButton.id },
      },
    ],
    "api/portal/subscriptions/[id]/plan-change": [
      { method: "GET", params: { id: world.subscription.id }, headers: buyerSession },
    ],
    "api/exports/payments": [
      { method: "GET", params: {}, query: { q: "example", status: "completed", range: "30d", sort: "amount" } },
    ],
    "api/exports/customers": [
      { method: "GET", params: {}, query: { q: "example", from: "2026-01-01", to: "2099-01-01" } },
    ],
    "api/exports/tax-report": [
      { method: "GET", params: {}, query: { range: "custom", from: "2026-01-01", to: "2026-12-31" } },
    ],
    "api/exports/license-keys": [{ method: "GET", params: {}, query: { q: "example", status: "active", pop: "x" } }],
    // The world has no invoice yet: the fuzzer still drives the session check, the id's hygiene and the not-found answer.
    "api/exports/invoices/[id]": [{ method: "GET", params: { id: "fuzz-invoice" } }],
    // The world has no dispute: the fuzzer drives the origin and session checks, the id's hygiene and not-found.
    "api/disputes/[id]/evidence": [{ method: "POST", params: { id: "fuzz-dispute" }, form: { note: "Delivered." } }],
    "api/admin/transactions/export": [
      { method: "GET", params: {}, query: { merchant: world.merchant.id, status: "completed", from: "2026-01-01" } },
    ],
    "api/paypal/webhook": [
      {
        method: "POST",
        params: {},
        json: {
          id: "WH-FUZZ-1",
          event_type: "PAYMENT.CAPTURE.COMPLETED",
          resource: { id: "CAPTURE-FUZZ", supplementary_data: { related_ids: { order_id: world.orderId } } },
        },
        headers: {
          "paypal-transmission-id": "fuzz-1",
          "paypal-transmission-time": new Date().toISOString(),
          "paypal-transmission-sig": "c2lnbmF0dXJl",
          "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1",
          "paypal-auth-algo": "SHA256withRSA",
        },
      },
    ],
    "api/paypal/order-callback": [
      {
        method: "POST",
        params: {},
        query: { token: "fuzz-callback-token" },
        json: {
          id: world.orderId,
          shipping_address: { country_code: "US", admin_area_1: "CA", admin_area_2: "San Jose", postal_code: "95131" },
          shipping_option: { id: "standard" },
          purchase_units: [{ reference_id: "default", amount: { currency_code: "USD", value: "10.00" } }],
        },
      },
    ],
    "api/wps/ipn": [
      {
        method: "POST",
        params: {},
        form: {
          txn_id: "FUZZ123",
          payment_status: "Completed",
          receiver_email: "seller@business.example.com",
          mc_gross: "10.00",
          mc_currency: "USD",
          custom: world.wpsButton.id,
          charset: "UTF-8",
        },
      },
    ],
    "api/trpc/[trpc]": [
      {
        method: "GET",
        params: { trpc: "pages.buttons.get" },
        query: { input: trpcInput({ id: world.button.id }) },
      },
      {
        method: "POST",
        params: { trpc: "merchant.account.requestPasswordReset" },
        json: { json: { email: "buyer@example.test" } },
      },
      {
        method: "GET",
        params: { trpc: "pages.buttons.get,analytics.dashboard" },
        query: { batch: "1", input: JSON.stringify({ 0: { json: { id: world.button.id } }, 1: { json: {} } }) },
      },
      {
        // One request asking for many calls at once.
        method: "GET",
        params: { trpc: Array.from({ length: 200 }, () => "pages.buttons.get").join(",") },
        query: {
          batch: "1",
          input: JSON.stringify(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [i, { json: { id: "x" } }]))),
        },
      },
    ],
    "api/auth/[...nextauth]": [
      { method: "GET", params: { nextauth: ["session"] } },
      { method: "GET", params: { nextauth: ["csrf"] } },
      {
        method: "POST",
        params: { nextauth: ["callback", "merchant"] },
        form: { email: world.merchant.email, password: "wrong-password", csrfToken: "fuzz", callbackUrl: "/dashboard" },
      },
    ],
    "api/uploadthing": [
      {
        method: "POST",
        params: {},
        query: { actionType: "upload", slug: "productImage" },
        json: { files: [{ name: "a.png", size: 100, type: "image/png", lastModified: 0 }] },
      },
      { method: "GET", params: {} },
    ],
    "api/health": [{ method: "GET", params: {} }],
  };
}

const queryName = fc.oneof(
  fc.constantFrom(
    "q",
    "w",
    "status",
    "from",
    "to",
    "range",
    "sort",
    "dir",
    "page",
    "merchant",
    "pop",
    "state",
    "token",
    "input",
    "batch",
    "actionType",
    "slug",
    "callbackUrl",
    "__proto__",
  ),
  hostileString,
);

let hugeBodies: string[] | undefined;
/** Bodies past every sane cap (1 MB and 9 MB), built on first use. */
const huge = () =>
  (hugeBodies ??= [
    "a".repeat(1_000_000),
    JSON.stringify({ buttonId: "a".repeat(9_000_000) }),
    `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
  ]);

/** JSON text for any value, even those JSON cannot hold (BigInt): a hostile body is text in the end. */
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return preview(value);
  }
}

const bodyArbitrary: fc.Arbitrary<string | Uint8Array | null> = fc.oneof(
  { weight: 3, arbitrary: hostileValue.map(jsonText) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "",
      "{",
      '{"buttonId":',
      "nul",
      '{"a":1}garbage',
      '"\\ud800"',
      '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      '{"json":{"buttonId":"x"},"meta":{"values":{"buttonId":["bigint"]}}}',
      '{"json":{"a":"1"},"meta":{"values":{"a":[["custom","nope"]]}}}',
      '{"json":{"a":{}},"meta":{"referentialEqualities":{"a":["__proto__.polluted"]}}}',
      '{"json":"x","meta":{"values":["Date"]}}',
      "a=%00&b=%ZZ&&=&c=\u0000",
      '--x\r\nContent-Disposition: form-data; name="f"\r\n\r\nv\r\n',
    ),
  },
  { weight: 2, arbitrary: hostileString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(new Uint8Array([0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80]), new Uint8Array(3)),
  },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.nat(2).map((index) => huge()[index]!) },
);

/** The route's dynamic segments, e.g. "[id]" -> id, "[...nextauth]" -> catch-all nextauth. */
function segmentsOf(pattern: string) {
  return pattern
    .split("/")
    .filter((segment) => segment.startsWith("["))
    .map((segment) => ({ name: segment.replace(/^\[(\.\.\.)?|\]$/g, ""), isCatchAll: segment.startsWith("[...") }));
}

/** Next hands a handler decoded segments; decoding never yields a lone surrogate, so none is sent as one. */
const segmentValue = hostileString.map((value) => wellFormed(value));

function paramsArbitrary(pattern: string): fc.Arbitrary<Record<string, string | string[]>> {
  const segments = segmentsOf(pattern);
  if (segments.length === 0) return fc.constant({});
  return fc
    .tuple(
      ...segments.map((segment) =>
        segment.isCatchAll
          ? fc.array(
              fc.oneof(fc.constantFrom("session", "csrf", "signin", "callback", "merchant", "staff"), segmentValue),
              {
                minLength: 1,
                maxLength: 4,
              },
            )
          : segmentValue,
      ),
    )
    .map((values) => Object.fromEntries(segments.map((segment, index) => [segment.name, values[index]!])));
}

class RouteCase {
  constructor(
    readonly who: Who,
    readonly spec: RequestSpec,
    readonly label: string,
  ) {}
  [fc.toStringMethod]() {
    return `as ${this.who}: ${this.label}`;
  }
}

function specOf(template: Template): RequestSpec {
  const body =
    template.json !== undefined
      ? JSON.stringify(template.json)
      : template.form
        ? new URLSearchParams(template.form).toString()
        : null;
  const contentType =
    template.json !== undefined ? "application/json" : template.form ? "application/x-www-form-urlencoded" : null;
  return {
    method: template.method,
    params: template.params,
    query: Object.entries(template.query ?? {}),
    headers: [
      ...(contentType ? [["content-type", contentType] as [string, string]] : []),
      ...Object.entries(template.headers ?? {}),
    ],
    body,
  };
}

/** One part of a working request changed: a segment, a query or form field, a header, or the JSON body's one field. */
function mutatedTemplate(template: Template): fc.Arbitrary<{ spec: RequestSpec; label: string }> {
  const spec = specOf(template);
  const options: fc.Arbitrary<{ spec: RequestSpec; label: string }>[] = [
    fc.tuple(headerName, headerValue).map(([name, value]) => ({
      spec: { ...spec, headers: [...spec.headers.filter(([key]) => key !== name), [name, value]] },
      label: `header ${name}: ${preview(value)}`,
    })),
    fc.tuple(queryName, hostileString).map(([name, value]) => ({
      spec: { ...spec, query: [...spec.query.filter(([key]) => key !== name), [name, value]] },
      label: `query ${preview(name)}=${preview(value)}`,
    })),
    bodyArbitrary.map((body) => ({ spec: { ...spec, body }, label: `body ${preview(body)}` })),
  ];
  const segments = Object.keys(template.params);
  if (segments.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...segments), segmentValue).map(([name, value]) => ({
        spec: { ...spec, params: { ...spec.params, [name]: Array.isArray(spec.params[name]) ? [value] : value } },
        label: `segment ${name} = ${preview(value)}`,
      })),
    );
  }
  if (template.json !== undefined) {
    options.push(
      mutationOf(template.json).map((variant) => ({
        spec: { ...spec, body: jsonText(variant.input) },
        label: `JSON body: ${variant.label}`,
      })),
    );
  }
  if (template.form) {
    const form = template.form;
    options.push(
      fc.tuple(fc.constantFrom(...Object.keys(form)), hostileString).map(([name, value]) => ({
        spec: { ...spec, body: new URLSearchParams({ ...form, [name]: value }).toString() },
        label: `form ${name}=${preview(value)}`,
      })),
    );
  }
  return fc.oneof(...options).map((mutated) => ({
    ...mutated,
    label: `${template.method} ${JSON.stringify(template.params)} with ${mutated.label}`,
  }));
}

function hostileRequest(route: FuzzRoute): fc.Arbitrary<{ spec: RequestSpec; label: string }> {
  const methods = Object.keys(route.handlers);
  return fc
    .record({
      method: fc.constantFrom(...methods),
      params: paramsArbitrary(route.pattern),
      query: fc.array(fc.tuple(queryName, hostileString), { maxLength: 3 }),
      headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 }),
      body: bodyArbitrary,
    })
    .map((spec) => ({
      spec,
      label: `${spec.method} params ${preview(spec.params)} query ${preview(spec.query)} headers ${preview(spec.headers)} body ${preview(spec.body)}`,
    }));
}

function casesFor(route: FuzzRoute, templates: Template[]): fc.Arbitrary<RouteCase> {
  const usable = templates.filter((template) => template.method in route.handlers);
  const request =
    usable.length === 0
      ? hostileRequest(route)
      : fc.oneof(
          { weight: 1, arbitrary: hostileRequest(route) },
          { weight: 3, arbitrary: fc.constantFrom(...usable).chain(mutatedTemplate) },
        );
  const who = fc.constantFrom<Who>("anonymous", "merchant", "staff");
  return fc.tuple(who, request).map(([caller, { spec, label }]) => new RouteCase(caller, spec, label));
}

const APP = "http://localhost:3000";
const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function buildRequest(route: FuzzRoute, spec: RequestSpec): NextRequest {
  const pathname = route.pattern
    .split("/")
    .map((segment) => {
      const match = /^\[(?:\.\.\.)?(.+)\]$/.exec(segment);
      if (!match) return segment;
      const value = spec.params[match[1]!] ?? "";
      return (Array.isArray(value) ? value : [value]).map((part) => encodeURIComponent(part)).join("/");
    })
    .join("/");
  const url = new URL(`${APP}/${pathname}`);
  for (const [name, value] of spec.query) url.searchParams.append(wellFormed(name), wellFormed(value));
  // Each request from its own address (as the tRPC callers do), unless the case sends its own X-Forwarded-For.
  const headers = new Headers({ "x-forwarded-for": randomIp() });
  for (const [name, value] of spec.headers) headers.set(name, value);
  const hasBody = spec.body !== null && spec.method !== "GET" && spec.method !== "HEAD";
  const body = typeof spec.body === "string" ? spec.body : spec.body && new Uint8Array(spec.body);
  return new NextRequest(url, { method: spec.method, headers, body: hasBody ? body : undefined });
}

/** The route's answer, its body read to the end (a CSV or file stream can fail half-way: that is a 5xx too). */
export async function callRoute(route: FuzzRoute, spec: RequestSpec): Promise<Outcome> {
  const handler = route.handlers[spec.method as keyof FuzzRoute["handlers"]];
  if (!handler) return { status: 405, code: "METHOD", message: "not exported" };
  let response: Response;
  try {
    const request = buildRequest(route, spec);
    response = (await handler(request, { params: Promise.resolve(spec.params) })) as Response;
  } catch (error) {
    return { status: 500, code: "THROWN", message: describeError(error) };
  }
  let text: string;
  try {
    text = new TextDecoder().decode(await response.arrayBuffer());
  } catch (error) {
    return { status: 500, code: "BODY", message: `the body failed while being read: ${describeError(error)}` };
  }
  return { status: response.status, code: String(response.status), message: text.slice(0, 200) };
}

/** Fuzzes one route: never a 5xx, and a refusal (4xx) leaves every table as it was. */
export function fuzzRoute(options: {
  route: FuzzRoute;
  templates: Template[];
  signIn: (who: Who) => void;
  tracker: StateTracker;
  numRuns: number;
  seed: number;
}): Promise<TargetReport> {
  const { route, signIn } = options;
  return runTarget({
    name: route.pattern,
    arbitrary: casesFor(route, options.templates),
    numRuns: options.numRuns,
    seed: options.seed,
    tracker: options.tracker,
    run: (fuzzCase) => {
      signIn(fuzzCase.who);
      return callRoute(route, fuzzCase.spec);
    },
  });
}
