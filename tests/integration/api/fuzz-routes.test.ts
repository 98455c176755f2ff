// Hostile requests for every route handler under src/app/api, found on disk and called in-process:
// junk segments, query strings, headers (X-Forwarded-For, lying Content-Type and Content-Length) and bodies
// (invalid, huge, NUL, wrong types). No answer may be a 5xx and a refusal may not change the database.
// FUZZ_RUNS cases per route, FUZZ_SEED to replay, FUZZ_ONLY=api/<route> to run one.
import type { Session } from "next-auth";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/server/platform/db";
import { failureMessage, fuzzSettings, saveReport, seedFor } from "../../fuzz/report";
import type { Who } from "../../fuzz/procedures";
import { type FuzzRoute, fuzzRoute, fuzzRoutes, routeTemplates } from "../../fuzz/routes";
import { stateTracker } from "../../fuzz/state";
import { createFuzzWorld, type FuzzWorld } from "../../fuzz/world";
import { merchantSession, staffSession } from "../../support/callers";

// Route handlers read the session with next-auth's auth(), which needs Next's request scope: each case signs in
// as the caller it picked. The rest of the module (next-auth's own route handlers) stays real.
const session = vi.hoisted(() => ({ current: null as Session | null }));
vi.mock("~/server/auth", async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  auth: () => Promise.resolve(session.current),
}));

const settings = fuzzSettings(8);
const tracker = stateTracker(db);
// Loaded at collection time (after the mock above), so each route is a test of its own.
const routes: FuzzRoute[] = await fuzzRoutes();
let world: FuzzWorld;

function signIn(who: Who) {
  const { merchant, staff } = world;
  session.current = who === "merchant" ? merchantSession(merchant) : who === "staff" ? staffSession(staff) : null;
}

beforeAll(async () => {
  console.log(`fuzz-routes: seed ${settings.seed} (FUZZ_SEED), ${settings.runs} cases per route (FUZZ_RUNS)`);
  world = await createFuzzWorld(db);
});

beforeEach(() => world.restore());

describe("the routes under fuzz", () => {
  it("are every route handler under src/app/api, each with a working request to mutate (see routeTemplates)", () => {
    const patterns = routes.map((route) => route.pattern);
    expect(patterns).toEqual(expect.arrayContaining(["api/checkout/orders", "api/paypal/webhook", "api/trpc/[trpc]"]));
    const templates = routeTemplates(world);
    expect(patterns.filter((pattern) => !templates[pattern])).toEqual([]);
  });
});

describe.each(routes.filter((route) => settings.includes(route.pattern)))("$pattern", (route) => {
  it(
    `answers ${settings.runs} hostile requests without a 5xx and changes nothing when it refuses`,
    async () => {
      const report = await fuzzRoute({
        route,
        templates: routeTemplates(world)[route.pattern] ?? [],
        signIn,
        tracker,
        numRuns: settings.runs,
        seed: seedFor(settings.seed, route.pattern),
      });
      saveReport("routes", report);
      expect(report.findings, failureMessage(report, settings.seed)).toEqual([]);
    },
    60_000 + settings.runs * 3_000,
  );
});
