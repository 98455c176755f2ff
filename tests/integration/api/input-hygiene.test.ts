// One input hygiene rule for every procedure and public route. NUL and lone surrogates are
// refused with 400 wherever they arrive (procedure input, path id, query, JSON or form body), bodies are capped
// while they stream in (413), unknown ids are 404, and no error body carries a stack, SQL, a path or a raw
// validation dump. Every refusal leaves the database as it was.
import { NextRequest } from "next/server";
import type { Session } from "next-auth";
import { TRPCError } from "@trpc/server";
import { describe, expect, it, vi } from "vitest";
import * as schemas from "~/schemas/analytics";
import * as authSchemas from "~/schemas/accounts";
import * as checkoutSchemas from "~/schemas/checkout";
import * as discountCodeSchemas from "~/schemas/discounts";
import * as ledgerSchemas from "~/schemas/subscriptions";
import * as licenseSchemas from "~/schemas/licenses";
import * as offerSchemas from "~/schemas/offers";
import * as portalSchemas from "~/schemas/portal";
import * as merchantPaymentSchemas from "~/schemas/payments";
import * as merchantWebhookSchemas from "~/schemas/merchant-webhooks";
import * as paymentButtonSchemas from "~/schemas/payment-buttons";
import * as planSchemas from "~/schemas/plans";
import * as sellPageSchemas from "~/schemas/sell-pages";
import * as staffSchemas from "~/schemas/staff";
import * as storeSettingsSchemas from "~/schemas/stores";
import * as storePageSchemas from "~/schemas/store-page";
import * as shippingSchemas from "~/schemas/shipping";
import * as disputeSchemas from "~/schemas/disputes";
import * as apiKeySchemas from "~/schemas/api-keys";
import * as wpsSchemas from "~/schemas/wps";
import { GET as adminExport } from "~/app/api/admin/transactions/export/route";
import { GET as authGet, POST as authPost } from "~/app/api/auth/[...nextauth]/route";
import { GET as buttonScript } from "~/app/api/button/[id]/route";
import { POST as libraryLinkPost } from "~/app/api/checkout/library-link/route";
import { POST as ordersPost } from "~/app/api/checkout/orders/route";
import { GET as download } from "~/app/api/download/[token]/route";
import { GET as paymentsExport } from "~/app/api/exports/payments/route";
import { GET as image } from "~/app/api/images/[key]/route";
import { POST as portalDownload } from "~/app/api/portal/payments/[id]/download/route";
import { POST as payPalWebhook } from "~/app/api/paypal/webhook/route";
import { POST as sellPageView } from "~/app/api/sell-pages/[id]/view/route";
import { GET as trpcGet, POST as trpcPost } from "~/app/api/trpc/[trpc]/route";
import { POST as uploadThingPost } from "~/app/api/uploadthing/route";
import { GET as wpsButtonScript } from "~/app/api/wps-button/[id]/route";
import { POST as ipnPost } from "~/app/api/wps/ipn/route";
import { GET as libraryLink } from "~/app/(public)/library/[token]/route";
import ThankYouPage from "~/app/(public)/thank-you/page";
import { appRouter } from "~/server/api/root";
import { db } from "~/server/platform/db";
import { BODY_TOO_LARGE_MESSAGE, UNSAFE_TEXT_MESSAGE } from "~/server/platform/request";
import { servePublicSellPage } from "~/server/sell-pages/public-page";
import { confirmWpsReturn } from "~/server/wps/pdt";
import { createMerchant } from "../../factories/merchant";
import { createSaasUser } from "../../factories/saas-user";
import { buildSellPageInput, createSellPage } from "../../factories/sell-page";
import { anonymousCaller, merchantCaller, staffCaller } from "../../support/callers";
import { createSeller } from "../../factories/seller";

// The HTTP handlers read the session with next-auth's auth(), which needs Next's request scope.
const session = vi.hoisted(() => ({ current: null as Session | null }));
vi.mock("~/server/auth", async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  auth: () => Promise.resolve(session.current),
}));
// One procedure that fails the way a database or a bug does, to see what an unexpected error's body carries.
const INTERNALS =
  'Invalid `db.merchant.findUnique()` invocation in /work/main/src/server/services/x.ts: SELECT "secret"';
vi.mock("~/server/stores/onboarding", async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  getOnboarding: () => Promise.reject(new Error(INTERNALS)),
}));

const APP = "http://localhost:3000";
const NUL = "a\u0000b";
const LONE = "a\uD800b";
const hostile = [NUL, LONE, "\uDC00", "\u0000"];

/** A body of `megabytes` MB streamed in 64 KB chunks, without a Content-Length, counting the chunks pulled. */
function streamedBody(megabytes: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const total = (megabytes * 1024 * 1024) / chunk.byteLength;
  const pulled = { count: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.count === total) return controller.close();
      pulled.count++;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled, total };
}

function post(path: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(`${APP}${path}`, {
    method: "POST",
    headers: { "x-forwarded-for": "10.77.0.1", ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** The request as Next hands it to a route handler. */
const asNext = (request: Request) =>
  new NextRequest(request, { duplex: "half" } as ConstructorParameters<typeof NextRequest>[1]);

const params = <T extends Record<string, string>>(values: T) => ({ params: Promise.resolve(values) });

/** Row counts of every table a request can write, except the rate limiter's (it counts requests by design). */
async function snapshot() {
  const tables = await db.$queryRawUnsafe<{ name: string }[]>(
    "select table_name::text as name from information_schema.tables where table_schema = current_schema() " +
      "and table_type = 'BASE TABLE' and table_name not in ('rate_limits', '_prisma_migrations') order by 1",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await db.$queryRawUnsafe<{ count: number }[]>(`select count(*)::int as count from "${name}"`);
    counts[name] = row!.count;
  }
  return counts;
}

/** Runs `refusals` and checks that no table changed. */
async function expectNoStateChange(refusals: () => Promise<unknown>) {
  const before = await snapshot();
  await refusals();
  expect(await snapshot()).toEqual(before);
}

function caughtError(promise: Promise<unknown>): Promise<TRPCError> {
  return promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as TRPCError,
  );
}

async function expectUnsafeRefusal(promise: Promise<unknown>) {
  const error = await caughtError(promise);
  expect(error).toBeInstanceOf(TRPCError);
  expect(error.code).toBe("BAD_REQUEST");
  expect(error.message).toBe(UNSAFE_TEXT_MESSAGE);
}

async function staffMember() {
  const staff = await createSaasUser(db, { role: "super_admin" });
  return staffCaller({ ...staff, role: "super_admin" });
}

type Caller = ReturnType<typeof anonymousCaller>;
/** The caller's procedure at "router.procedure". */
function procedureAt(caller: Caller, path: string) {
  return path.split(".").reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], caller) as (
    input: unknown,
  ) => Promise<unknown>;
}

const procedurePaths = Object.keys(appRouter._def.procedures);

describe("tRPC: one check on every procedure's raw input", () => {
  it("refuses NUL and lone surrogates on every procedure, before signing in is even checked", async () => {
    expect(procedurePaths.length).toBeGreaterThan(60);
    const merchant = await createMerchant(db);
    const callers = [anonymousCaller(), merchantCaller(merchant), await staffMember()];
    await expectNoStateChange(async () => {
      for (const path of procedurePaths) {
        for (const caller of callers) {
          await expectUnsafeRefusal(procedureAt(caller, path)({ id: NUL, values: { name: "ok" } }));
          await expectUnsafeRefusal(procedureAt(caller, path)(LONE));
        }
      }
    });
  });

  it("takes every procedure's input from a schema in src/schemas, where the limits test bounds every field", () => {
    const exported = new Set(
      [
        schemas,
        authSchemas,
        checkoutSchemas,
        discountCodeSchemas,
        ledgerSchemas,
        licenseSchemas,
        portalSchemas,
        merchantPaymentSchemas,
        merchantWebhookSchemas,
        paymentButtonSchemas,
        offerSchemas,
        planSchemas,
        sellPageSchemas,
        staffSchemas,
        storeSettingsSchemas,
        storePageSchemas,
        shippingSchemas,
        disputeSchemas,
        apiKeySchemas,
        wpsSchemas,
      ].flatMap((module) => Object.values(module)),
    );
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>;
    const inline = Object.entries(procedures).flatMap(([path, procedure]) =>
      procedure._def.inputs.filter((input) => !exported.has(input)).map(() => path),
    );
    expect(inline).toEqual([]);
  });

  it("names the field an unsafe string is in, so a form shows the message under it", async () => {
    const merchant = await createMerchant(db);
    const page = await createSellPage(db, merchant.id);
    const features = ["Fine", `Bad ${LONE}`];
    await expectNoStateChange(async () => {
      const error = await caughtError(
        merchantCaller(merchant).pages.sellPages.update({
          id: page.id,
          values: buildSellPageInput({ basicFeatures: features }),
        }),
      );
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.cause).toMatchObject({ fieldErrors: { basicFeatures: [UNSAFE_TEXT_MESSAGE] } });
    });
    expect((await db.digitalSellPage.findUniqueOrThrow({ where: { id: page.id } })).basicFeatures).not.toEqual(
      features,
    );
  });

  it("refuses sign-up with NUL in any field and creates no account", async () => {
    const email = `hygiene-${Date.now()}@example.test`;
    await expectNoStateChange(async () => {
      for (const bad of hostile) {
        await expectUnsafeRefusal(
          anonymousCaller().merchant.account.signUp({ name: bad, email, password: "secret123" }),
        );
        await expectUnsafeRefusal(
          anonymousCaller().merchant.account.signUp({ name: "Ann", email, password: `pw${bad}123` }),
        );
      }
    });
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it("bounds lengths, numbers and dates: long text and out-of-range values are 400s, never 500s", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    const long = "x".repeat(10_000);
    const refusals: [string, () => Promise<unknown>][] = [
      ["long button id", () => caller.pages.buttons.get({ id: long })],
      [
        "long password",
        () => anonymousCaller().merchant.account.signUp({ name: "A", email: "a@b.co", password: long }),
      ],
      ["long amount", () => caller.pages.buttons.create({ name: "A", amount: `1${"0".repeat(100)}` } as never)],
      ["far future date", () => caller.merchant.payments.list({ to: new Date(8.64e15) })],
      ["far past date", () => caller.merchant.customers.list({ from: new Date(-8.64e15) })],
      [
        "huge refund",
        () =>
          caller.merchant.payments.refund({
            paymentId: "p",
            amountMinor: 2 ** 40,
            idempotencyKey: crypto.randomUUID(),
          }),
      ],
    ];
    for (const [what, call] of refusals) {
      const error = await caughtError(call());
      expect({ what, code: error.code }).toEqual({ what, code: "BAD_REQUEST" });
    }
    // The widest dates the schema lets through are ones PostgreSQL can compare.
    const widest = { from: new Date("0001-01-01T00:00:00Z"), to: new Date("9999-12-31T23:59:59.999Z") };
    await expect(caller.merchant.payments.list(widest)).resolves.toBeDefined();
    await expect(caller.merchant.customers.list(widest)).resolves.toBeDefined();
  });
});

type ErrorShape = {
  message: string;
  code: number;
  data: { code: string; httpStatus: number; userMessage: string; fieldErrors: Record<string, string[]> | null };
};

/** tRPC over HTTP, as the browser calls it; returns the status and the error shape(s) (superjson's envelope). */
async function overHttp(request: Request) {
  const handler = request.method === "GET" ? trpcGet : trpcPost;
  const response = await handler(asNext(request));
  const text = await response.text();
  const parsed = JSON.parse(text) as { error: { json: ErrorShape } } | { error: { json: ErrorShape } }[];
  const errors = (Array.isArray(parsed) ? parsed : [parsed]).map((item) => item.error.json);
  return { status: response.status, text, errors };
}

/** What no error body may carry, whatever went wrong. */
function expectNoInternals(text: string) {
  for (const leak of ["stack", "/work/", "src/", "node_modules", "prisma", "SELECT", "invocation", '"path"']) {
    expect(text, leak).not.toContain(leak);
  }
}

const trpcJson = (input: unknown) => JSON.stringify({ json: input });

describe("tRPC over HTTP: error bodies in our words only", () => {
  it("answers an unsafe string with 400 and the user message, no validation dump", async () => {
    session.current = null;
    const { status, text, errors } = await overHttp(
      post(
        "/api/trpc/merchant.account.signUp",
        trpcJson({ name: NUL, email: "x@example.test", password: "secret123" }),
        {
          "content-type": "application/json",
        },
      ),
    );
    expect(status).toBe(400);
    expect(errors[0]).toMatchObject({
      message: UNSAFE_TEXT_MESSAGE,
      data: {
        code: "BAD_REQUEST",
        httpStatus: 400,
        userMessage: UNSAFE_TEXT_MESSAGE,
        fieldErrors: { name: [UNSAFE_TEXT_MESSAGE] },
      },
    });
    expectNoInternals(text);
  });

  it("answers a schema failure with one sentence and the field messages, not zod's issue list", async () => {
    const { status, text, errors } = await overHttp(
      post("/api/trpc/merchant.account.requestPasswordReset", trpcJson({ email: "" }), {
        "content-type": "application/json",
      }),
    );
    expect(status).toBe(400);
    expect(errors[0]).toMatchObject({
      message: "Please correct the highlighted fields.",
      data: {
        userMessage: "Please correct the highlighted fields.",
        fieldErrors: { email: expect.arrayContaining(["Email is required"]) as unknown },
      },
    });
    for (const dump of ["origin", "too_small", "invalid_format", "minimum"]) expect(text).not.toContain(dump);
    expectNoInternals(text);
  });

  it("answers broken JSON, an unknown procedure and a failing one without quoting the request or the failure", async () => {
    const broken = await overHttp(
      post("/api/trpc/merchant.account.signUp", '{"json": {"name": "<script>', { "content-type": "application/json" }),
    );
    expect(broken.status).toBe(400);
    expect(broken.errors[0]?.message).toBe("The request is not valid.");
    expect(broken.text).not.toContain("<script>");

    const unknown = await overHttp(new Request(`${APP}/api/trpc/merchant.noSuch<script>`));
    expect(unknown.status).toBe(404);
    expect(unknown.errors[0]?.message).toBe("Not found.");
    expect(unknown.text).not.toContain("noSuch");

    const merchant = await createMerchant(db);
    session.current = {
      user: { id: merchant.id, email: merchant.email, name: merchant.name, userType: "merchant" },
      expires: new Date(Date.now() + 3600_000).toISOString(),
    };
    const failing = await overHttp(new Request(`${APP}/api/trpc/merchant.onboarding.get`));
    session.current = null;
    expect(failing.status).toBe(500);
    expect(failing.errors[0]).toMatchObject({
      message: "Something went wrong. Please try again.",
      data: { code: "INTERNAL_SERVER_ERROR", fieldErrors: null },
    });
    expectNoInternals(failing.text);
    for (const all of [broken, unknown, failing]) expectNoInternals(all.text);
  });

  it("refuses a body over 1 MB with 413 for each call of the batch, without reading all of it", async () => {
    const huge = streamedBody(8);
    const batch = await overHttp(
      post("/api/trpc/merchant.account.signUp,merchant.account.requestPasswordReset?batch=1", huge.body, {
        "content-type": "application/json",
      }),
    );
    expect(batch.status).toBe(413);
    expect(batch.errors).toHaveLength(2);
    for (const error of batch.errors) {
      expect(error).toMatchObject({
        message: BODY_TOO_LARGE_MESSAGE,
        data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413 },
      });
    }
    expect(huge.pulled.count).toBeLessThan(huge.total / 4);

    const declared = await overHttp(
      post("/api/trpc/merchant.account.signUp", "{}", {
        "content-type": "application/json",
        "content-length": "8388608",
      }),
    );
    expect(declared.status).toBe(413);
  });

  it("refuses a batch of more than 50 calls", async () => {
    const paths = Array.from({ length: 51 }, () => "pages.counts").join(",");
    const { status } = await overHttp(new Request(`${APP}/api/trpc/${paths}?batch=1&input={}`));
    expect(status).toBe(400);
  });
});

describe("route handlers: path ids, queries and bodies", () => {
  it("refuses NUL and lone surrogates in path ids with 400, and answers unknown ids with 404", async () => {
    const merchant = await createMerchant(db);
    const page = await createSellPage(db, merchant.id);
    await expectNoStateChange(async () => {
      for (const bad of hostile) {
        const answers = [
          await sellPageView(post(`/api/sell-pages/x/view`, null), params({ id: bad })),
          await buttonScript(new Request(`${APP}/api/button/x.js`), params({ id: `${bad}.js` })),
          await wpsButtonScript(new Request(`${APP}/api/wps-button/x.js`), params({ id: `${bad}.js` })),
          await download(new Request(`${APP}/api/download/x`), params({ token: bad })),
          await image(new Request(`${APP}/api/images/x?w=800`), params({ key: bad })),
          await image(
            new Request(`${APP}/api/images/x?w=800&v=${encodeURIComponent(bad.replace(/[\uD800-\uDFFF]/g, "\0"))}`),
            params({ key: "k" }),
          ),
          await portalDownload(asNext(post("/api/portal/payments/x/download", null)), params({ id: bad })),
        ];
        for (const answer of answers) {
          expect(answer.status).toBe(400);
          expect(await answer.text()).toBe(UNSAFE_TEXT_MESSAGE);
        }
        // /digital-sell/{id} (the Pages Router page) asks this service, and shows its 404 for null.
        expect(await servePublicSellPage(bad)).toBeNull();
        // /pdt-confirmation's `cm` (a button id PayPal echoes) is only looked up when it could be one.
        expect(await confirmWpsReturn({ tx: "NOSUCHTX1", cm: bad })).toEqual({ kind: "unverified" });
      }
    });
    const unknown = [
      await sellPageView(post(`/api/sell-pages/x/view`, null), params({ id: "nosuchpage" })),
      await buttonScript(new Request(`${APP}/api/button/x.js`), params({ id: "nosuchbutton.js" })),
      await wpsButtonScript(new Request(`${APP}/api/wps-button/x.js`), params({ id: "nosuchbutton.js" })),
      await download(new Request(`${APP}/api/download/x`), params({ token: "nosuchtoken" })),
      await image(new Request(`${APP}/api/images/x?w=800`), params({ key: "nosuchkey" })),
    ];
    expect(unknown.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await sellPageView(post(`/api/sell-pages/x/view`, null), params({ id: page.id }))).status).toBe(204);
  });

  it("refuses unsafe JSON on the checkout endpoints with 400, with CORS so the embed can read why", async () => {
    const { button } = await createSeller(db);
    await expectNoStateChange(async () => {
      for (const body of [
        JSON.stringify({ buttonId: NUL }),
        JSON.stringify({ buttonId: button.id, extra: LONE }),
        JSON.stringify({ buttonId: button.id, [NUL]: 1 }),
      ]) {
        const answer = await ordersPost(post("/api/checkout/orders", body, { "content-type": "application/json" }));
        expect(answer.status).toBe(400);
        expect(answer.headers.get("access-control-allow-origin")).toBe("*");
        expect(await answer.json()).toEqual({ error: { code: "INVALID", message: UNSAFE_TEXT_MESSAGE } });
      }
      const link = await libraryLinkPost(
        post("/api/checkout/library-link", JSON.stringify({ email: `x${NUL}@example.test` })),
      );
      expect(link.status).toBe(400);
    });
  });

  it("caps bodies while they stream: 413 long before 8 MB are read, nothing stored", async () => {
    const streamed: [string, (body: ReadableStream<Uint8Array>) => Promise<Response>][] = [
      ["checkout orders", (body) => ordersPost(post("/api/checkout/orders", body))],
      ["PayPal webhook", (body) => payPalWebhook(post("/api/paypal/webhook", body))],
      ["WPS IPN", (body) => ipnPost(post("/api/wps/ipn", body))],
      ["uploadthing", (body) => uploadThingPost(asNext(post("/api/uploadthing", body)))],
      ["sign-in", (body) => authPost(asNext(post("/api/auth/callback/merchant", body)))],
    ];
    await expectNoStateChange(async () => {
      for (const [what, send] of streamed) {
        const huge = streamedBody(8);
        const answer = await send(huge.body);
        expect({ what, status: answer.status }).toEqual({ what, status: 413 });
        expect({ what, pulled: huge.pulled.count < huge.total / 4 }).toEqual({ what, pulled: true });
      }
      const checkout = await ordersPost(post("/api/checkout/orders", streamedBody(1).body));
      expect(await checkout.json()).toEqual({ error: { code: "TOO_LARGE", message: BODY_TOO_LARGE_MESSAGE } });
      // A Content-Length over the cap is refused before any byte is read.
      const declared = post("/api/paypal/webhook", "{}", { "content-length": String(8 * 1024 * 1024) });
      expect((await payPalWebhook(declared)).status).toBe(413);
      expect(declared.bodyUsed).toBe(false);
    });
  });

  it("refuses a PayPal webhook or IPN holding NUL before looking anything up, and stores nothing", async () => {
    await expectNoStateChange(async () => {
      const event = {
        id: `WH-${NUL}`,
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        resource: { id: "CAPTURE1", custom_id: LONE },
      };
      const webhook = await payPalWebhook(post("/api/paypal/webhook", JSON.stringify(event)));
      expect(webhook.status).toBe(400);
      expect(await webhook.json()).toEqual({ error: UNSAFE_TEXT_MESSAGE });

      const ipn = await ipnPost(
        post("/api/wps/ipn", "custom=x&txn_id=%00&payment_status=Completed", {
          "content-type": "application/x-www-form-urlencoded",
        }),
      );
      expect(ipn.status).toBe(400);
    });
  });

  it("refuses unsafe text in uploadthing's and next-auth's requests before they parse them", async () => {
    await expectNoStateChange(async () => {
      const answers = [
        await uploadThingPost(
          asNext(
            post("/api/uploadthing?actionType=upload&slug=productImage", JSON.stringify({ files: [{ name: NUL }] })),
          ),
        ),
        await authPost(
          asNext(
            post("/api/auth/callback/staff", new URLSearchParams({ username: NUL, password: "x" }), {
              "content-type": "application/x-www-form-urlencoded",
            }),
          ),
        ),
        await authGet(asNext(new Request(`${APP}/api/auth/session?callbackUrl=%00`))),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400]);
    });
  });

  it("answers a callbackUrl Auth.js cannot read with 400, where Auth.js itself would fail with 500", async () => {
    const session = (query: string, cookie?: string) =>
      authGet(asNext(new Request(`${APP}/api/auth/session${query}`, { headers: cookie ? { cookie } : {} })));
    for (const bad of ["a", "javascript:alert(1)", "%2F%2F%00"]) {
      expect((await session(`?callbackUrl=${bad}`)).status).toBe(400);
    }
    expect((await session("", "authjs.callback-url=javascript%3Aalert(1)")).status).toBe(400);
    for (const good of ["%2Fdashboard", encodeURIComponent(`${APP}/dashboard`)]) {
      expect((await session(`?callbackUrl=${good}`)).status).toBe(200);
    }
  });

  it("refuses unsafe query values on the CSV exports", async () => {
    const merchant = await createMerchant(db);
    session.current = {
      user: { id: merchant.id, email: merchant.email, name: merchant.name, userType: "merchant" },
      expires: new Date(Date.now() + 3600_000).toISOString(),
    };
    expect((await paymentsExport(new Request(`${APP}/api/exports/payments?q=%00`))).status).toBe(400);
    const staff = await createSaasUser(db, { role: "super_admin" });
    session.current = {
      user: { id: staff.id, email: staff.email, name: staff.name, userType: "saas_admin", role: "super_admin" },
      expires: new Date(Date.now() + 3600_000).toISOString(),
    };
    expect((await adminExport(new Request(`${APP}/api/admin/transactions/export?merchant=%00`))).status).toBe(400);
    session.current = null;
  });
});

describe("public pages: unknown links are 404s", () => {
  /** What Next's notFound() throws; the page's not-found.tsx then renders with status 404. */
  const isNotFound = (error: unknown) => (error as { digest?: string }).digest === "NEXT_HTTP_ERROR_FALLBACK;404";

  it("/thank-you without a live grant, and /library/{token} without a live link goes to a fresh sign-in link", async () => {
    for (const token of [undefined, "", "nosuchtoken", NUL, ["a", "b"]]) {
      const rendering = ThankYouPage({ searchParams: Promise.resolve({ token }) });
      await expect(
        rendering.then(
          () => null,
          (error: unknown) => isNotFound(error),
        ),
      ).resolves.toBe(true);
    }
    for (const token of ["x".repeat(43), "short", NUL]) {
      const answer = await libraryLink(new Request(`${APP}/library/x`), params({ token }));
      expect(answer.headers.get("location")).toBe("/library?expired=1");
      expect(answer.headers.get("set-cookie")).toBeNull();
    }
  });
});
