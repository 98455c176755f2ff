import { randomBytes } from "node:crypto";
import type { TRPCError } from "@trpc/server";
import { afterAll, describe, expect, it } from "vitest";
import { POST as viewRoute } from "~/app/api/sell-pages/[id]/view/route";
import { createCaller } from "~/server/api/root";
import { db } from "~/server/platform/db";
import { jobHandlers } from "~/server/job-handlers";
import { jobKinds } from "~/server/jobs/kinds";
import { sweepExpiredRateLimits } from "~/server/platform/rate-limit";
import { clientIp, stampSocketAddress } from "~/server/platform/request";
import { buildMerchant, createMerchant } from "../../factories/merchant";
import { createSellPage } from "../../factories/sell-page";
import { unique } from "../../factories/unique";

// stampSocketAddress marks this process as served by scripts/serve.ts; later test files must not inherit that.
afterAll(() => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("popkit.socket-address-stamped")];
});

/** The headers a route handler sees when scripts/serve.ts got a request from `socket` carrying these headers. */
function throughOurServer(socket: string, sent: Record<string, string>): Headers {
  const req = { headers: { ...sent }, socket: { remoteAddress: socket } };
  stampSocketAddress(req as unknown as Parameters<typeof stampSocketAddress>[0]);
  return new Headers(req.headers);
}

/** An address no other test uses: 198.18.0.0/15 is reserved for tests, other files use 10/8 and 203.0.113/24. */
function randomAddress() {
  const [a, b] = randomBytes(2);
  return `198.18.${a}.${b}`;
}

function beacon(pageId: string, headers: Headers) {
  headers.set("user-agent", "Mozilla/5.0 test");
  return viewRoute(new Request(`http://localhost/api/sell-pages/${pageId}/view`, { method: "POST", headers }), {
    params: Promise.resolve({ id: pageId }),
  });
}

describe("client address with TRUSTED_PROXIES unset (the default)", () => {
  it("counts a visitor who forges X-Forwarded-For and the socket-address header once", async () => {
    const merchant = await createMerchant(db);
    const page = await createSellPage(db, merchant.id);
    const visitor = randomAddress();
    for (let i = 1; i <= 5; i++) {
      const forged = { "x-forwarded-for": `198.51.100.${i}`, "x-popkit-socket-address": `198.51.100.${i}` };
      expect((await beacon(page.id, throughOurServer(`::ffff:${visitor}`, forged))).status).toBe(204);
    }
    expect(await db.sellPageView.count({ where: { sellPageId: page.id } })).toBe(1);
    // A second machine is a second visitor.
    expect((await beacon(page.id, throughOurServer(randomAddress(), {}))).status).toBe(204);
    expect(await db.sellPageView.count({ where: { sellPageId: page.id } })).toBe(2);
  });

  it("keeps a client that rotates X-Forwarded-For inside the per-IP sign-up budget", async () => {
    const socket = randomAddress();
    // What createTRPCContext builds for each request, minus the session (nobody is signed in).
    const callerFor = (headers: Headers) =>
      createCaller({ db, session: null, headers, ip: clientIp(headers), requestId: "test" });
    const attempt = (i: number) =>
      callerFor(
        throughOurServer(socket, { "x-forwarded-for": `${unique("spoof")}, 10.0.0.${i}` }),
      ).merchant.account.signUp(buildMerchant());
    for (let i = 0; i < 10; i++) await attempt(i);
    const error = (await attempt(10).catch((e: unknown) => e)) as TRPCError;
    expect(error.code).toBe("TOO_MANY_REQUESTS");
    expect(error.message).toMatch(/^Too many attempts\. Please try again in/);
  });

  it("counts an IPv6 client by its /64, so rotating addresses inside it gains nothing", () => {
    const one = clientIp(throughOurServer("2001:db8:77:1::1", {}));
    const other = clientIp(throughOurServer("2001:db8:77:1:ffff::2", { "x-forwarded-for": "203.0.113.1" }));
    expect(one).toBe("2001:db8:77:1::/64");
    expect(other).toBe(one);
  });
});

describe("rate-limit rows", () => {
  it("the sweep deletes counters whose window ended and keeps the rest", async () => {
    const prefix = unique("sweep-test");
    const now = Date.now();
    await db.rateLimit.createMany({
      data: [
        { key: `${prefix}:expired`, points: 3, expire: new Date(now - 60_000) },
        { key: `${prefix}:long-expired`, points: 1, expire: new Date(now - 90 * 86_400_000) },
        { key: `${prefix}:current`, points: 1, expire: new Date(now + 60_000) },
        { key: `${prefix}:forever`, points: 1, expire: null },
      ],
    });
    expect(await sweepExpiredRateLimits()).toBeGreaterThanOrEqual(2);
    const left = await db.rateLimit.findMany({ where: { key: { startsWith: prefix } }, orderBy: { key: "asc" } });
    expect(left.map((row) => row.key)).toEqual([`${prefix}:current`, `${prefix}:forever`]);
  });

  it("runs as the scheduled job rate-limits.sweep", async () => {
    const kind = jobKinds["rate-limits.sweep"];
    expect(kind.schedule).toBe("*/15 * * * *");
    const key = `${unique("sweep-job")}:expired`;
    await db.rateLimit.create({ data: { key, points: 1, expire: new Date(Date.now() - 1000) } });
    await jobHandlers["rate-limits.sweep"]({});
    expect(await db.rateLimit.findUnique({ where: { key } })).toBeNull();
  });
});
