import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/server/platform/db";
import { MAX_IPN_BYTES, processWpsIpnMessage, storeWpsIpnMessage } from "~/server/wps/ipn";
import { POST as ipnRoute } from "~/app/api/wps/ipn/route";
import { createMerchant } from "../../factories/merchant";
import { createWpsButton } from "../../factories/wps-button";
import { unique } from "../../factories/unique";
import { type IpnListener, payWithSandbox, startIpnListener } from "../../support/wps-sandbox";

// The IPN listener under forged traffic, and the copy for a seller's own listener, with production's
// rules. The rest of the suite allows private webhook URLs (its receivers listen on 127.0.0.1); this file turns
// that off and sets small IPN limits before the app's environment is read.
const limits = vi.hoisted(() => {
  const settings = { ALLOW_PRIVATE_WEBHOOK_URLS: "0", WPS_IPN_LIMIT_PER_IP: "5", WPS_IPN_LIMIT_TOTAL: "40" };
  const before = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  return { perIp: 5, total: 40, before };
});

let listener: IpnListener;
beforeAll(async () => {
  listener = await startIpnListener();
});
afterAll(async () => {
  await listener.close();
  // The app read them already; a later file in this process gets the suite's own.
  for (const [name, value] of Object.entries(limits.before)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function wpsButton() {
  const merchant = await createMerchant(db);
  return createWpsButton(db, merchant.id);
}

const randomIp = () => `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function post(body: string | Buffer, ip: string) {
  return ipnRoute(
    new Request("http://localhost:3000/api/wps/ipn", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
      body: typeof body === "string" ? body : Uint8Array.from(body),
    }),
  );
}

/** A message as the report forged them: naming a real button, each with its own ids (txn_id: the button's id). */
function forged(buttonId: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    custom: buttonId,
    txn_id: `${buttonId}-${unique("")}`,
    payment_status: "Completed",
    mc_gross: "10.00",
    mc_currency: "USD",
    ipn_track_id: unique("t"),
    ...extra,
  }).toString();
}

/** How many forged messages for the button are stored. */
const storedFor = (buttonId: string) => db.wpsIpnMessage.count({ where: { txnId: { startsWith: `${buttonId}-` } } });

describe("the copy for the seller's own notify URL", () => {
  it("is never sent to a loopback or private address outside the sandbox; the payment is still recorded", async () => {
    const port = new URL(listener.url).port;
    for (const notifyUrl of [
      `http://127.0.0.1:${port}/merchant-ipn`,
      `http://localhost:${port}/merchant-ipn`,
      `http://[::ffff:127.0.0.1]:${port}/merchant-ipn`,
      `http://[::7f00:1]:${port}/merchant-ipn`,
    ]) {
      const merchant = await createMerchant(db);
      const button = await createWpsButton(db, merchant.id, { notifyUrl });
      const { ipn, tx } = await payWithSandbox(listener, button);
      listener.forwarded.length = 0;
      const { id } = await storeWpsIpnMessage(ipn.body, ipn.contentType);
      await processWpsIpnMessage(id);
      expect(await db.wpsIpnMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ state: "recorded" });
      expect(await db.wpsTransaction.count({ where: { txnId: tx } })).toBe(1);
      expect({ notifyUrl, forwarded: listener.forwarded.length }).toEqual({ notifyUrl, forwarded: 0 });
    }
  });
});

describe("POST /api/wps/ipn limits", () => {
  it("refuses the report's 19 kB forgeries with 413 before anything is stored", async () => {
    const button = await wpsButton();
    const response = await post(forged(button.id, { memo: "a".repeat(19_000) }), randomIp());
    expect(response.status).toBe(413);
    expect(MAX_IPN_BYTES).toBeLessThan(19_000);
    expect(await storedFor(button.id)).toBe(0);
  });

  it("answers 429 to an address over its limit and stores nothing more; a stored message is still 200", async () => {
    const button = await wpsButton();
    const ip = randomIp();
    const accepted: string[] = [];
    for (let i = 0; i < limits.perIp; i++) {
      const body = forged(button.id);
      expect((await post(body, ip)).status).toBe(200);
      accepted.push(body);
    }
    for (let i = 0; i < 3; i++) {
      const refused = await post(forged(button.id), ip);
      // Not 2xx: PayPal would send a real message again later.
      expect(refused.status).toBe(429);
    }
    expect(await storedFor(button.id)).toBe(limits.perIp);
    // PayPal resending a message already stored is answered 200 (and not stored again), over the limit or not.
    expect((await post(accepted[0]!, ip)).status).toBe(200);
    expect(await storedFor(button.id)).toBe(limits.perIp);
    // Another address has its own budget.
    expect((await post(forged(button.id), randomIp())).status).toBe(200);
    expect(await storedFor(button.id)).toBe(limits.perIp + 1);
  });

  it("stores a message PayPal resends (the same ipn_track_id) once, even when the copies arrive together", async () => {
    const merchant = await createMerchant(db);
    const button = await createWpsButton(db, merchant.id);
    const { ipn, tx } = await payWithSandbox(listener, button);
    const answers = await Promise.all([1, 2, 3, 4].map(() => post(ipn.body, randomIp())));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect((await post(ipn.body, randomIp())).status).toBe(200);
    const stored = await db.wpsIpnMessage.findMany({ where: { txnId: tx } });
    expect(stored).toHaveLength(1);
    expect(Buffer.from(stored[0]!.body).equals(ipn.body)).toBe(true);
  });

  it("without an ipn_track_id, stores the same txn_id and payment_status once", async () => {
    const button = await wpsButton();
    const txnId = unique("NOTRACK").slice(0, 19);
    const message = (status: string, memo: string) =>
      `custom=${button.id}&txn_id=${txnId}&payment_status=${status}&memo=${memo}`;
    expect((await post(message("Pending", "first"), randomIp())).status).toBe(200);
    expect((await post(message("Pending", "first"), randomIp())).status).toBe(200);
    expect(await db.wpsIpnMessage.count({ where: { txnId } })).toBe(1);
    // Another text under that key while the first is not verified: refused for now, not stored.
    expect((await post(message("Pending", "other"), randomIp())).status).toBe(409);
    expect(await db.wpsIpnMessage.count({ where: { txnId } })).toBe(1);
    // The payment moving on is a new message.
    expect((await post(message("Completed", "first"), randomIp())).status).toBe(200);
    expect(await db.wpsIpnMessage.count({ where: { txnId } })).toBe(2);
  });

  it("does not let a forgery that took a real message's ipn_track_id first keep the real one out", async () => {
    const merchant = await createMerchant(db);
    const button = await createWpsButton(db, merchant.id);
    const { ipn, tx } = await payWithSandbox(listener, button);
    const forgery = Buffer.from(ipn.body.toString("latin1").replace(/mc_gross=[^&]*/, "mc_gross=0.01"));
    expect((await post(forgery, randomIp())).status).toBe(200);
    // PayPal's message while the forgery waits: not a 200 (that would drop it), and not stored; PayPal tries again.
    expect((await post(ipn.body, randomIp())).status).toBe(409);
    expect(await db.wpsIpnMessage.count({ where: { txnId: tx } })).toBe(1);
    const first = await db.wpsIpnMessage.findFirstOrThrow({ where: { txnId: tx } });
    await processWpsIpnMessage(first.id);
    expect(await db.wpsIpnMessage.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      state: "rejected",
      reason: "PayPal answered INVALID",
      dedupeKey: null,
    });
    // PayPal's next try: stored and recorded.
    expect((await post(ipn.body, randomIp())).status).toBe(200);
    const real = await db.wpsIpnMessage.findFirstOrThrow({ where: { txnId: tx, id: { not: first.id } } });
    await processWpsIpnMessage(real.id);
    expect(await db.wpsIpnMessage.findUniqueOrThrow({ where: { id: real.id } })).toMatchObject({ state: "recorded" });
    expect(await db.wpsTransaction.count({ where: { txnId: tx } })).toBe(1);
  });

  // Last: it spends the total budget of the minute.
  it("answers 429 to every address once the total is spent, storing nothing, while stored messages stay 200", async () => {
    const button = await wpsButton();
    const first = forged(button.id);
    expect((await post(first, randomIp())).status).toBe(200);
    let refusedAfter: number | null = null;
    // Each from a fresh address: only the total can stop them (its minute may have begun in an earlier test).
    for (let i = 0; i < 2 * limits.total && refusedAfter === null; i++) {
      const status = (await post(forged(button.id), randomIp())).status;
      if (status === 429) refusedAfter = i;
      else expect(status).toBe(200);
    }
    expect(refusedAfter).not.toBeNull();
    const stored = await storedFor(button.id);
    expect((await post(forged(button.id), randomIp())).status).toBe(429);
    expect(await storedFor(button.id)).toBe(stored);
    expect((await post(first, randomIp())).status).toBe(200);
    expect(await storedFor(button.id)).toBe(stored);
  });
});
