import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { type WebhookDelivery, sandboxAccessToken, startPayPalSandbox } from "../../sandbox/paypal";
import { listen } from "./paypal-api";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "paypal-sandbox-"));
  dirs.push(dir);
  return dir;
}
const snapshotFile = (dir: string) => path.join(dir, "paypal-sandbox.json");
const journalFile = (dir: string) => path.join(dir, "paypal-sandbox.journal");

async function call(url: string, init: { token?: string; json?: unknown } = {}) {
  const response = await fetch(url, {
    method: init.json === undefined ? "GET" : "POST",
    headers: {
      ...(init.token && { authorization: `Bearer ${init.token}` }),
      ...(init.json !== undefined && { "content-type": "application/json" }),
    },
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read PayPal's JSON freely
  return { status: response.status, body: (await response.json()) as any };
}

const createOrder = (base: string, token: string) =>
  call(`${base}/v2/checkout/orders`, {
    token,
    json: { intent: "CAPTURE", purchase_units: [{ amount: { currency_code: "USD", value: "12.00" } }] },
  });

/** The sandbox in a process of its own, so that it can be killed: no close(), no last save. */
async function startInChild(dir: string, webhookRetryDelaysMs: number[]) {
  const entry = path.resolve(import.meta.dirname, "../../sandbox/paypal/index.ts");
  const script = `const { startPayPalSandbox } = await import(${JSON.stringify(entry)});
    console.log((await startPayPalSandbox(${JSON.stringify({ dataDir: dir, webhookRetryDelaysMs })})).url);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    void exited.then((code) => reject(new Error(`the sandbox process exited (${String(code)})`)));
  });
  return {
    url,
    kill: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

describe("PayPal sandbox state on disk", () => {
  it("keeps every answered change and goes on retrying a pending webhook after being killed", async () => {
    const dir = dataDir();
    const listener = await listen((count) => (count === 1 ? 503 : 200));
    const first = await startInChild(dir, [1000]);
    const clientId = `client-${randomUUID()}`;
    let orderId: string;
    let captureId: string;
    let token: string;
    try {
      token = await sandboxAccessToken(first.url, clientId);
      await call(`${first.url}/__sandbox/webhooks`, { json: { client_id: clientId, url: listener.url } });
      orderId = (await createOrder(first.url, token)).body.id;
      await call(`${first.url}/__sandbox/orders/${orderId}/approve`, { json: { buyer: "alex" } });
      const captured = await call(`${first.url}/v2/checkout/orders/${orderId}/capture`, { token, json: {} });
      expect(captured.status).toBe(201);
      captureId = captured.body.purchase_units[0].payments.captures[0].id;
      await listener.next(1);
      // Killed while the delivery waits for its retry.
      for (;;) {
        const log = (await call(`${first.url}/__sandbox/webhooks/deliveries`)).body as WebhookDelivery[];
        if (log[0]?.last_status === 503) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await first.kill();
    }
    // A crash in the middle of a write leaves a partial last line.
    appendFileSync(journalFile(dir), '{"c":"orders","k":"CUT","v":{"id":"CU');

    const second = await startPayPalSandbox({ dataDir: dir });
    try {
      // The token survives too: it is signed with the stored key.
      const order = await call(`${second.url}/v2/checkout/orders/${orderId}`, { token });
      expect(order.status).toBe(200);
      expect(order.body).toMatchObject({
        status: "COMPLETED",
        purchase_units: [{ payments: { captures: [{ id: captureId, status: "COMPLETED" }] } }],
      });
      const [delivery] = await second.sandbox.waitForWebhookDeliveries((all) => all[0]?.pending === false);
      expect(delivery).toMatchObject({
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        resource_id: captureId,
        attempts: 2,
        last_status: 200,
        delivered: true,
      });
      const [failed, retried] = await listener.next(2);
      expect(retried!.body).toBe(failed!.body);
      expect(retried!.event.id).toBe(delivery!.event_id);
    } finally {
      await second.close();
    }
  });

  it("appends a change to the journal without rewriting the state file, and folds it in on close", async () => {
    const dir = dataDir();
    // A state of about 1.2 MB.
    const credentials = Object.fromEntries(
      Array.from({ length: 20_000 }, (_, i) => [`client-${i}`, `secret-${i}-`.padEnd(50, "x")]),
    );
    writeFileSync(snapshotFile(dir), JSON.stringify({ credentials }));
    const running = await startPayPalSandbox({ dataDir: dir });
    const clientId = `client-${randomUUID()}`;
    let orderId: string;
    let token: string;
    try {
      token = await sandboxAccessToken(running.url, clientId);
      const snapshot = statSync(snapshotFile(dir));
      const journalSize = () => (existsSync(journalFile(dir)) ? statSync(journalFile(dir)).size : 0);
      const journalBefore = journalSize();
      const created = await createOrder(running.url, token);
      expect(created.status).toBe(201);
      orderId = created.body.id;
      const after = statSync(snapshotFile(dir));
      expect([after.ino, after.mtimeMs, after.size]).toEqual([snapshot.ino, snapshot.mtimeMs, snapshot.size]);
      const grown = journalSize() - journalBefore;
      expect(grown).toBeGreaterThan(0);
      expect(grown).toBeLessThan(snapshot.size / 100);
      expect(readFileSync(journalFile(dir), "utf8")).toContain(orderId);
    } finally {
      await running.close();
    }
    const folded = JSON.parse(readFileSync(snapshotFile(dir), "utf8")) as {
      orders: Record<string, unknown>;
      credentials: Record<string, string>;
    };
    expect(Object.keys(folded.orders)).toEqual([orderId]);
    expect(folded.credentials["client-19999"]).toBe(credentials["client-19999"]);
    expect(readFileSync(journalFile(dir), "utf8").trim().split("\n")).toHaveLength(1);

    const again = await startPayPalSandbox({ dataDir: dir });
    try {
      expect((await call(`${again.url}/v2/checkout/orders/${orderId}`, { token })).body.status).toBe("CREATED");
    } finally {
      await again.close();
    }
  });
});
