import { describe, expect, it } from "vitest";
import { GET as listPayments } from "~/app/api/v1/payments/route";
import { db } from "~/server/platform/db";
import { createMerchant } from "../../factories/merchant";
import { buildTransaction, createTransaction } from "../../factories/transaction";
import { createWpsTransaction } from "../../factories/wps-transaction";
import { merchantCaller } from "../../support/callers";

// GET /api/v1/payments: a store's payments of both kinds newest first, by cursor (limit, starting_after), with the
// dashboard's filters; bad parameters are 400 problems naming the parameter.

type ListAnswer = { object: string; data: { id: string; amount: number; status: string }[]; has_more: boolean };

const randomIp = () => `10.89.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function list(key: string, query = "") {
  const response = await listPayments(
    new Request(`http://localhost:3000/api/v1/payments${query}`, {
      headers: { authorization: `Bearer ${key}`, "x-forwarded-for": randomIp() },
    }),
  );
  return { status: response.status, body: (await response.json()) as ListAnswer & Record<string, unknown> };
}

async function storeWithKey() {
  const merchant = await createMerchant(db);
  const { key } = await merchantCaller(merchant).merchant.apiKeys.create({ name: "Warehouse", scope: "read" });
  return { merchant, key };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("listing payments over the REST API", () => {
  it("pages through 255 payments of both kinds with no gap or repeat while new payments arrive", async () => {
    const { merchant, key } = await storeWithKey();
    // Pairs share a timestamp: the order breaks the tie by id.
    await db.transaction.createMany({
      data: Array.from({ length: 250 }, (_, index) =>
        buildTransaction(merchant.id, {
          amountMinor: 100 + index,
          createdAt: minutesAgo(1000 + Math.floor(index / 2)),
        }),
      ),
    });
    for (let index = 0; index < 5; index++) {
      await createWpsTransaction(db, merchant.id, { createdAt: minutesAgo(1000 + index * 40) });
    }
    const expected = [
      ...(await db.transaction.findMany({ where: { merchantId: merchant.id }, select: { id: true, createdAt: true } })),
      ...(await db.wpsTransaction.findMany({
        where: { merchantId: merchant.id },
        select: { id: true, createdAt: true },
      })),
    ]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);

    const seen: string[] = [];
    const more: boolean[] = [];
    let cursor = "";
    for (;;) {
      const { status, body } = await list(key, `?limit=100${cursor && `&starting_after=${cursor}`}`);
      expect(status).toBe(200);
      expect(body.object).toBe("list");
      seen.push(...body.data.map((payment) => payment.id));
      more.push(body.has_more);
      // New payments arrive between pages: they are newer than every page already read.
      await createTransaction(db, merchant.id, { amountMinor: 1 });
      if (!body.has_more) break;
      cursor = body.data.at(-1)!.id;
    }
    expect(more).toEqual([true, true, false]);
    expect(seen).toEqual(expected);
  });

  it("filters by status, buyer e-mail and time, and shows only the key's own store", async () => {
    const { merchant, key } = await storeWithKey();
    const other = await storeWithKey();
    const old = await createTransaction(db, merchant.id, { createdAt: new Date("2026-01-10T12:00:00Z") });
    const refunded = await createTransaction(db, merchant.id, {
      status: "refunded",
      payerEmail: "sam@buyer.example.com",
      createdAt: new Date("2026-02-10T12:00:00Z"),
    });
    await createTransaction(db, other.merchant.id, { payerEmail: "sam@buyer.example.com" });

    const ids = async (query: string) => (await list(key, query)).body.data.map((payment) => payment.id);
    expect(await ids("?status=refunded")).toEqual([refunded.id]);
    expect(await ids("?email=sam%40buyer.example.com")).toEqual([refunded.id]);
    expect(await ids("?created_gte=2026-01-01T00:00:00Z&created_lt=2026-02-01T00:00:00%2B01:00")).toEqual([old.id]);
    expect(await ids("")).toEqual([refunded.id, old.id]);
    expect((await list(other.key)).body.data).toHaveLength(1);
    // Another store's payment is no cursor of this one.
    const foreign = (await list(other.key)).body.data[0]!.id;
    expect(await list(key, `?starting_after=${foreign}`)).toMatchObject({
      status: 400,
      body: { errors: [{ parameter: "starting_after", message: "Not a payment of this store." }] },
    });
  });

  it("refuses a bad limit, time, status or repeated parameter with a 400 naming it", async () => {
    const { key } = await storeWithKey();
    const cases: [string, string, string][] = [
      ["?limit=0", "limit", "Give a limit from 1 to 100."],
      ["?limit=101", "limit", "Give a limit from 1 to 100."],
      ["?limit=ten", "limit", "Give a limit from 1 to 100."],
      ["?limit=1&limit=2", "limit", "Give this parameter once."],
      ["?created_gte=yesterday", "created_gte", "Give a time in ISO 8601 with its offset, e.g. 2026-11-01T00:00:00Z."],
      ["?status=paid", "status", "Give one of: completed, partially_refunded, refunded, pending, failed, cancelled."],
      ["?starting_after=x%27%3B--", "starting_after", "Not a payment id."],
    ];
    for (const [query, parameter, message] of cases) {
      const { status, body } = await list(key, query);
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({
        type: expect.stringMatching(/#problem-invalid-request$/),
        errors: [{ parameter, message }],
      });
    }
    expect((await list(key, "?page=2")).status).toBe(400);
  });
});
