// Merchant webhooks end to end: events become signed deliveries, the real job kind sends them to a
// local receiver through pg-boss with its real retry policy, and the merchant's log, Resend and test event work.
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/server/platform/db";
import { jobHandlers } from "~/server/job-handlers";
import { stopWorkers } from "~/server/jobs";
import { jobKinds } from "~/server/jobs/kinds";
import { createJobQueue, type JobQueue } from "~/server/jobs/queue";
import { emitMerchantEvent } from "~/server/merchant-webhooks";
import { sendWebhook } from "~/server/merchant-webhooks/send";
import { poolOf } from "~/server/platform/prisma-client";
import { applyVerifiedWpsMessage } from "~/server/wps/apply-message";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createSellPage } from "../../factories/sell-page";
import { unique } from "../../factories/unique";
import { createWpsButton } from "../../factories/wps-button";
import { anonymousCaller, merchantCaller } from "../../support/callers";

const KIND = "merchant-webhook.deliver";

type Received = { path: string; headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
/** Answers per path, used in order; a path with none left answers 200. */
const answers = new Map<string, { status: number; body?: string; headers?: Record<string, string> }[]>();
let receiver: Server;
let base = "";
let worker: JobQueue<{ [KIND]: (typeof jobKinds)[typeof KIND] }>;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = answers.get(path)?.shift() ?? { status: 200 };
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body ?? "ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  // The app's own kind (retry policy) and handler, worked here with fast polling.
  worker = createJobQueue({
    connection:
      process.env.EMBEDDED_DB === "1" ? { pool: poolOf(db) } : { connectionString: process.env.DATABASE_URL! },
    kinds: { [KIND]: jobKinds[KIND] },
    pollingIntervalSeconds: 0.5,
  });
  await worker.startWorkers({ [KIND]: jobHandlers[KIND] });
});

afterAll(async () => {
  await worker.stop({ timeoutMs: 2000 });
  await stopWorkers();
  receiver.close();
});

const until = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 20_000, interval: 100 });

/** A merchant with a store URL on the receiver and a signing secret; returns the secret shown once. */
async function seller(path = `/${unique("store")}`) {
  const merchant = await createMerchant(db);
  const caller = merchantCaller(merchant);
  await caller.merchant.webhooks.updateUrl({ url: base + path });
  const { secret } = await caller.merchant.webhooks.rotateSecret();
  return { merchant, caller, secret, path };
}

/** Recomputes the Standard Webhooks signature from the spec, independently of the product's code. */
function verifies(secret: string, message: Received): boolean {
  const id = message.headers["webhook-id"] as string;
  const timestamp = message.headers["webhook-timestamp"] as string;
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.${message.body}`).digest("base64");
  return String(message.headers["webhook-signature"])
    .split(" ")
    .some((signature) => signature === `v1,${expected}`);
}

const receivedAt = (path: string) => received.filter((message) => message.path === path);

/** Lets pg-boss run a delivery's scheduled retry now instead of in a minute or more. */
async function retryNow(deliveryId: string, changes: { retryLimit?: number } = {}) {
  await until(async () => {
    const moved = await db.$executeRawUnsafe(
      `UPDATE pgboss.job SET start_after = now(), retry_limit = COALESCE($2, retry_limit)
        WHERE name = $1 AND state = 'retry' AND data->>'deliveryId' = $3`,
      KIND,
      changes.retryLimit ?? null,
      deliveryId,
    );
    expect(moved).toBe(1);
  });
}

async function deliveriesOf(merchantId: string) {
  return db.webhookDelivery.findMany({ where: { merchantId }, orderBy: { createdAt: "asc" } });
}

describe("merchant webhooks", () => {
  it("has a retry policy that keeps trying for at least 24 hours", () => {
    const { retryLimit, retryDelay, retryBackoff } = jobKinds[KIND].retry;
    expect(retryBackoff).toBe(true);
    // pg-boss 10 waits retryDelay * 2^(n-1) * (1 + jitter in [0, 1)) before retry n: the sum without jitter is
    // the earliest the last retry can come.
    const earliestLast = retryDelay * (2 ** retryLimit - 1);
    expect(earliestLast).toBeGreaterThanOrEqual(24 * 3600);
  });

  it("signs each event with the store secret and sends it to the store URL and the button's own URL", async () => {
    const { merchant, secret, path } = await seller();
    const buttonPath = `/${unique("button")}`;
    const button = await createPaymentButton(db, merchant.id, { webhookUrl: base + buttonPath });
    const before = Date.now();
    await emitMerchantEvent({
      merchantId: merchant.id,
      type: "payment.completed",
      buttonId: button.id,
      data: { id: "CAPTURE-1", amount: 1000, currency: "USD" },
    });

    await until(() => expect([receivedAt(path).length, receivedAt(buttonPath).length]).toEqual([1, 1]));
    const rows = await deliveriesOf(merchant.id);
    expect(rows.map((row) => [row.url, row.buttonId]).sort()).toEqual(
      [
        [base + path, null],
        [base + buttonPath, button.id],
      ].sort(),
    );
    for (const message of [...receivedAt(path), ...receivedAt(buttonPath)]) {
      expect(message.headers["content-type"]).toBe("application/json");
      expect(message.headers["webhook-id"]).toMatch(/^msg_/);
      expect(rows.map((row) => row.id)).toContain(message.headers["webhook-id"]);
      const timestamp = Number(message.headers["webhook-timestamp"]) * 1000;
      expect(Math.abs(timestamp - before)).toBeLessThan(60_000);
      expect(verifies(secret, message)).toBe(true);
      // A changed body or timestamp no longer verifies.
      expect(verifies(secret, { ...message, body: message.body.replace("1000", "1") })).toBe(false);
      expect(
        verifies(secret, {
          ...message,
          headers: { ...message.headers, "webhook-timestamp": String(timestamp / 1000 + 1) },
        }),
      ).toBe(false);
      const body = JSON.parse(message.body) as { type: string; timestamp: string; data: unknown };
      expect(body).toEqual({
        type: "payment.completed",
        timestamp: expect.any(String),
        data: { id: "CAPTURE-1", amount: 1000, currency: "USD" },
      });
    }
    await until(async () =>
      expect((await deliveriesOf(merchant.id)).map((row) => [row.state, row.lastStatusCode, row.attempts])).toEqual([
        ["succeeded", 200, 1],
        ["succeeded", 200, 1],
      ]),
    );
  });

  it("sends a sell page's bundle button events to the page's Webhook URL, once per distinct URL", async () => {
    const { merchant, path } = await seller();
    const pagePath = `/${unique("page")}`;
    const page = await createSellPage(db, merchant.id, { webhookUrl: base + pagePath });
    const bundleButton = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: page.id } });
    await emitMerchantEvent({ merchantId: merchant.id, type: "payment.refunded", buttonId: bundleButton.id, data: {} });
    // The store URL given to a button too: one delivery, not two.
    const same = await createPaymentButton(db, merchant.id, { webhookUrl: base + path });
    await emitMerchantEvent({ merchantId: merchant.id, type: "payment.completed", buttonId: same.id, data: {} });

    await until(async () =>
      expect((await deliveriesOf(merchant.id)).map((row) => [row.eventType, row.url])).toEqual([
        ["payment.refunded", base + pagePath],
        ["payment.refunded", base + path],
        ["payment.completed", base + path],
      ]),
    );
  });

  it("sends nothing without a signing secret, and never throws", async () => {
    const merchant = await createMerchant(db);
    await merchantCaller(merchant).merchant.webhooks.updateUrl({ url: `${base}/no-secret` });
    await expect(
      emitMerchantEvent({ merchantId: merchant.id, type: "payment.completed", buttonId: "no-such-button", data: {} }),
    ).resolves.toBeUndefined();
    expect(await deliveriesOf(merchant.id)).toEqual([]);
  });

  it("retries a delivery the receiver refused, and the log shows every attempt with its status code", async () => {
    const { merchant, caller, secret, path } = await seller();
    answers.set(path, [{ status: 500, body: "x".repeat(5000) }]);
    await emitMerchantEvent({ merchantId: merchant.id, type: "subscription.activated", buttonId: null, data: {} });

    const [delivery] = await deliveriesOf(merchant.id);
    await until(async () => {
      const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery!.id } });
      expect([row.state, row.attempts, row.lastStatusCode]).toEqual(["pending", 1, 500]);
      // The real policy: the first retry comes a minute or more later.
      expect(row.nextAttemptAt!.getTime() - row.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(60_000);
    });
    await retryNow(delivery!.id);
    await until(async () =>
      expect((await caller.merchant.webhooks.getDelivery({ id: delivery!.id })).state).toBe("succeeded"),
    );

    const detail = await caller.merchant.webhooks.getDelivery({ id: delivery!.id });
    expect(detail).toMatchObject({ attempts: 2, lastStatusCode: 200, nextAttemptAt: null, lastError: null });
    expect(detail.deliveredAt).toBeInstanceOf(Date);
    expect(detail.attemptsLog.map((attempt) => attempt.statusCode)).toEqual([500, 200]);
    // At most 2 kB of an answer is kept.
    expect(detail.attemptsLog[0]!.responseBody).toHaveLength(2048);
    // The same message both times: same webhook-id and body, each attempt signed with its own timestamp.
    const [first, second] = receivedAt(path);
    expect(second!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expect(second!.body).toBe(first!.body);
    expect([verifies(secret, first!), verifies(secret, second!)]).toEqual([true, true]);
  });

  it("marks a delivery failed after its last retry, does not follow redirects, and Resend sends it again", async () => {
    const { merchant, caller, path } = await seller();
    answers.set(path, [{ status: 302, headers: { location: `${base}/elsewhere` } }, { status: 503 }]);
    await emitMerchantEvent({ merchantId: merchant.id, type: "payment.completed", buttonId: null, data: {} });
    const [delivery] = await deliveriesOf(merchant.id);
    const id = delivery!.id;
    await until(async () => expect((await caller.merchant.webhooks.getDelivery({ id })).attempts).toBe(1));
    // Resend is for finished deliveries: this one is still being retried.
    await expect(caller.merchant.webhooks.resend({ id })).rejects.toMatchObject({ code: "CONFLICT" });
    await retryNow(id, { retryLimit: 1 });

    await until(async () => expect((await caller.merchant.webhooks.getDelivery({ id })).state).toBe("failed"));
    const failed = await caller.merchant.webhooks.getDelivery({ id });
    expect(failed).toMatchObject({ attempts: 2, lastStatusCode: 503, nextAttemptAt: null });
    expect(failed.attemptsLog.map((attempt) => attempt.statusCode)).toEqual([302, 503]);
    expect(receivedAt("/elsewhere")).toEqual([]);
    await expect(caller.merchant.webhooks.listDeliveries({ state: "failed" })).resolves.toMatchObject({
      total: 1,
      deliveries: [{ id, state: "failed", attempts: 2, lastStatusCode: 503 }],
    });

    const resent = await caller.merchant.webhooks.resend({ id });
    expect(resent.state).toBe("pending");
    await until(async () => expect((await caller.merchant.webhooks.getDelivery({ id })).state).toBe("succeeded"));
    const done = await caller.merchant.webhooks.getDelivery({ id });
    expect(done.attemptsLog.map((attempt) => attempt.statusCode)).toEqual([302, 503, 200]);
    expect(new Set(receivedAt(path).map((message) => message.headers["webhook-id"]))).toEqual(new Set([id]));
    // A delivered one may be resent too (a receiver that lost it); it stays one message.
    await caller.merchant.webhooks.resend({ id });
    await until(async () => expect((await caller.merchant.webhooks.getDelivery({ id })).attempts).toBe(4));
    expect((await caller.merchant.webhooks.listDeliveries({})).total).toBe(1);
  });

  it("sends a test event to the store URL, and says what is missing first", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    await expect(caller.merchant.webhooks.sendTestEvent()).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Save a webhook URL first, then send a test event.",
    });
    const path = `/${unique("test")}`;
    await caller.merchant.webhooks.updateUrl({ url: base + path });
    await expect(caller.merchant.webhooks.sendTestEvent()).rejects.toMatchObject({
      message: "Generate a signing secret first, then send a test event.",
    });
    const { secret } = await caller.merchant.webhooks.rotateSecret();

    const { id } = await caller.merchant.webhooks.sendTestEvent();
    await until(async () => expect((await caller.merchant.webhooks.getDelivery({ id })).state).toBe("succeeded"));
    const [message] = receivedAt(path);
    expect(JSON.parse(message!.body)).toMatchObject({ type: "test.ping", data: { message: expect.any(String) } });
    expect(verifies(secret, message!)).toBe(true);
  });

  it("shows the secret once: rotating changes the signatures and the old secret no longer verifies", async () => {
    const { caller, secret: first, path } = await seller();
    expect(first).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(first.slice(6), "base64")).toHaveLength(32);
    const settings = await caller.merchant.webhooks.getSettings();
    expect(settings).toEqual({ url: base + path, hasSecret: true, secretCreatedAt: expect.any(Date) });
    expect(JSON.stringify(settings)).not.toContain(first.slice(6));

    const { id: before } = await caller.merchant.webhooks.sendTestEvent();
    await until(async () =>
      expect((await caller.merchant.webhooks.getDelivery({ id: before })).state).toBe("succeeded"),
    );
    const { secret: second } = await caller.merchant.webhooks.rotateSecret();
    expect(second).not.toBe(first);
    const { id: after } = await caller.merchant.webhooks.sendTestEvent();
    await until(async () =>
      expect((await caller.merchant.webhooks.getDelivery({ id: after })).state).toBe("succeeded"),
    );

    const [old, fresh] = receivedAt(path);
    expect([verifies(first, old!), verifies(second, old!)]).toEqual([true, false]);
    expect([verifies(first, fresh!), verifies(second, fresh!)]).toEqual([false, true]);
    // Stored encrypted, never in clear.
    const row = await db.storeSettings.findFirstOrThrow({ where: { webhookUrl: base + path } });
    expect(row.webhookSecretEncrypted).not.toContain(second.slice(6));
  });

  it("keeps each merchant's deliveries private", async () => {
    const { caller } = await seller();
    const { id } = await caller.merchant.webhooks.sendTestEvent();
    const other = merchantCaller(await createMerchant(db));
    await expect(other.merchant.webhooks.getDelivery({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(other.merchant.webhooks.resend({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(other.merchant.webhooks.listDeliveries({})).resolves.toMatchObject({ total: 0, deliveries: [] });
    await expect(anonymousCaller().merchant.webhooks.getSettings()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(anonymousCaller().merchant.webhooks.listDeliveries({})).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("validates the URL and lets the merchant remove it", async () => {
    const caller = merchantCaller(await createMerchant(db));
    for (const url of ["ftp://example.com/in", "not a url", `https://example.com/${"a".repeat(2048)}`]) {
      const error = (await caller.merchant.webhooks.updateUrl({ url }).catch((e: unknown) => e)) as TRPCError;
      expect(error.code).toBe("BAD_REQUEST");
    }
    await caller.merchant.webhooks.updateUrl({ url: "https://hooks.example.com/popkit" });
    await expect(caller.merchant.webhooks.updateUrl({ url: "" })).resolves.toMatchObject({ url: "" });
  });

  it("emits wps.payment.completed when a WPS payment is newly recorded as completed", async () => {
    const { merchant, path } = await seller();
    const button = await createWpsButton(db, merchant.id);
    const fields = {
      custom: button.id,
      receiver_email: button.paypalMerchantIdentifier,
      mc_currency: "USD",
      mc_gross: "10.00",
      txn_id: unique("TXN").slice(0, 20),
      payment_status: "Completed",
      quantity: "1",
      payer_email: "buyer@example.test",
    };
    await expect(applyVerifiedWpsMessage(fields, { source: "pdt", raw: "test", button })).resolves.toMatchObject({
      result: "recorded",
    });
    // The same payment reported again (IPN after PDT) is not a new event.
    await applyVerifiedWpsMessage(fields, { source: "ipn", raw: "test", button });

    await until(() => expect(receivedAt(path)).toHaveLength(1));
    const body = JSON.parse(receivedAt(path)[0]!.body) as { type: string; data: Record<string, unknown> };
    expect(body).toMatchObject({
      type: "wps.payment.completed",
      data: { id: fields.txn_id, amount: 1000, currency: "USD", status: "completed" },
    });
    expect(await deliveriesOf(merchant.id)).toHaveLength(1);
  });

  it("refuses a private address at send time unless allowed, and connects to the address it checked", async () => {
    const body = "{}";
    const refused = await sendWebhook(`${base}/guarded`, {}, body, { allowPrivate: false });
    expect(refused).toMatchObject({ statusCode: null, error: expect.stringMatching(/private or local address/) });
    expect(receivedAt("/guarded")).toEqual([]);

    // A name only our lookup knows: the request reaches the checked address, with the URL's own Host.
    const port = new URL(base).port;
    const pinned = await sendWebhook(`http://receiver.popkit.test:${port}/pinned`, {}, body, {
      allowPrivate: true,
      lookup: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    expect(pinned).toMatchObject({ statusCode: 200, error: null });
    expect(receivedAt("/pinned")[0]!.headers.host).toBe(`receiver.popkit.test:${port}`);
  });
});
