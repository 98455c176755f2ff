import { describe, expect, it } from "vitest";
import { GET as getPayment } from "~/app/api/v1/payments/[id]/route";
import { db } from "~/server/platform/db";
import { REST_API_MISSES_PER_IP_PER_HOUR } from "~/server/platform/rate-limit";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createTransaction } from "../../factories/transaction";
import { merchantCaller } from "../../support/callers";

// The public REST API's keys: made in Store Settings and shown once, kept as a hash, revoked at once; a request
// with one reads only its own store, and every refusal is problem+json with a stable type.

const randomIp = () => `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function call(id: string, options: { key?: string; query?: string; ip?: string } = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? randomIp() };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  return getPayment(new Request(`http://localhost:3000/api/v1/payments/${id}${options.query ?? ""}`, { headers }), {
    params: Promise.resolve({ id }),
  });
}

async function storeWithPayment() {
  const merchant = await createMerchant(db);
  const button = await createPaymentButton(db, merchant.id, { name: "Pixel Tool" });
  const payment = await createTransaction(db, merchant.id, {
    buttonId: button.id,
    amountMinor: 1500,
    payerEmail: "alex@buyer.example.com",
  });
  return { merchant, payment, api: merchantCaller(merchant).merchant.apiKeys };
}

describe("API keys and the payments endpoint", () => {
  it("shows a key once, keeps only its hash, reads the store's payment with it and stops it at once when revoked", async () => {
    const { payment, api } = await storeWithPayment();
    const made = await api.create({ name: "Warehouse sync", scope: "read" });
    expect(made.key).toMatch(/^pk_test_[A-Za-z0-9_-]{32}$/);
    expect(made.prefix).toBe(made.key.slice(0, 12));
    const listed = await api.list();
    expect(listed).toEqual([expect.objectContaining({ id: made.id, name: "Warehouse sync", scope: "read" })]);
    expect(JSON.stringify(listed)).not.toContain(made.key);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: made.id } });
    expect(row.keyHash).not.toContain(made.key.slice(8));

    const answer = await call(payment.id, { key: made.key });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("ratelimit-limit")).toBe("120");
    expect(Number(answer.headers.get("ratelimit-remaining"))).toBeLessThan(120);
    expect(await answer.json()).toMatchObject({
      id: payment.id,
      object: "payment",
      status: "completed",
      amount: 1500,
      currency: "USD",
      created_at: payment.createdAt.toISOString(),
      buyer: { email: "alex@buyer.example.com" },
      refunds: [],
    });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: made.id } })).lastUsedAt).not.toBeNull();

    await api.revoke({ id: made.id });
    const revoked = await call(payment.id, { key: made.key });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get("content-type")).toBe("application/problem+json");
    expect(await revoked.json()).toMatchObject({ status: 401, type: expect.stringMatching(/#problem-unauthorized$/) });
  });

  it("answers another store's payment 404, an unknown parameter 400 and a missing key 401, as problem+json", async () => {
    const mine = await storeWithPayment();
    const theirs = await storeWithPayment();
    const { key } = await mine.api.create({ name: "Reports", scope: "read" });

    const other = await call(theirs.payment.id, { key });
    expect(other.status).toBe(404);
    const body = (await other.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 404, type: expect.stringMatching(/#problem-not-found$/) });
    expect(JSON.stringify(body)).not.toMatch(/prisma|at .*\.ts|SELECT/i);

    const unknown = await call(mine.payment.id, { key, query: "?expand=everything" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ type: expect.stringMatching(/#problem-unknown-parameter$/) });

    const anonymous = await call(mine.payment.id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toBe("Bearer");

    // Another store cannot revoke this store's key either.
    const stranger = merchantCaller(await createMerchant(db)).merchant.apiKeys;
    const [listed] = await mine.api.list();
    await expect(stranger.revoke({ id: listed!.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("bounds guessing keys per address", async () => {
    const { payment } = await storeWithPayment();
    const ip = randomIp();
    for (let attempt = 0; attempt < REST_API_MISSES_PER_IP_PER_HOUR; attempt++) {
      const guess = `pk_test_${String(attempt).padStart(32, "x")}`;
      expect((await call(payment.id, { key: guess, ip })).status).toBe(401);
    }
    const refused = await call(payment.id, { key: `pk_test_${"y".repeat(32)}`, ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("3600");
  });
});
