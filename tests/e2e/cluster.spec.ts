import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { Redis } from "ioredis";
import { freePort } from "../../scripts/lib/app";
import { startCluster, type Cluster } from "../../scripts/lib/cluster";
import { startSandbox } from "../../sandbox/server";
import { createPrismaClient } from "../../src/server/platform/prisma-client";
import { createPaymentButton } from "../factories/payment-button";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { productionTestEnv } from "../support/test-secrets";
import { uniqueEmail } from "./helpers";
import { popCard } from "./pop-helpers";

// Two instances of the production build behind the balancer, as `npm run cluster` runs them, on a fresh database
// on the PostgreSQL server (whichever database the rest of this run uses: the embedded one serves one process)
// and on Redis. The browser talks to each instance directly, to know which one answers.
const POSTGRES_SERVER_URL = process.env.CLUSTER_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? "redis://127.0.0.1:6379";

test.describe.configure({ mode: "serial", timeout: 180_000 });

let database: TestDatabase;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let cluster: Cluster;
// This run's own keys and channel on a Redis other runs may share.
const redisKeyPrefix = `e2e-${randomBytes(6).toString("hex")}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const runDatabase = process.env.DATABASE_URL;
  process.env.DATABASE_URL = POSTGRES_SERVER_URL;
  try {
    database = await createTestDatabase("cluster");
  } finally {
    if (runDatabase === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = runDatabase;
  }
  sandbox = await startSandbox();
  const port = await freePort();
  cluster = await startCluster({
    instances: 2,
    port,
    quiet: process.env.E2E_VERBOSE !== "1",
    env: productionTestEnv(
      { sandboxEnv: sandbox.env, database, port },
      { REDIS_URL, REDIS_KEY_PREFIX: redisKeyPrefix },
    ),
  });
});

test.afterAll(async () => {
  await cluster?.stop();
  await sandbox?.close();
  await database?.dispose();
});

const instance = (index: number) => cluster.instances[index]!.url;

async function signUp(page: Page, base: string, name: string, email: string, password: string) {
  await page.goto(`${base}/auth?mode=signup`);
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function signIn(page: Page, base: string, email: string, password: string) {
  await page.goto(`${base}/auth`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("signed in on one instance, a merchant stays signed in on the other, and a switch-off reaches both", async ({
  page,
}) => {
  const email = uniqueEmail("cluster");
  await signUp(page, instance(0), "Ada Cluster", email, "two-instances");

  // Cookies belong to the host, not the port: the second instance gets the session the first one issued.
  await page.goto(`${instance(1)}/dashboard`);
  await expect(page).toHaveURL(`${instance(1)}/dashboard`);
  await expect(page.getByTestId("shell-user-name")).toHaveText("Ada Cluster");

  const db = createPrismaClient(database.url, { embedded: false });
  const merchant = await db.merchant.findFirstOrThrow({ where: { email }, select: { id: true } });
  const button = await createPaymentButton(db, merchant.id, { name: "Cluster Course" });
  await db.$disconnect();

  const scriptEtag = async (base: string) =>
    (await page.request.get(`${base}/api/button/${button.id}.js`)).headers().etag;
  await page.goto(`${instance(0)}/dashboard/pages`);
  const toggle = popCard(page, "Cluster Course").getByRole("switch", { name: "Active: 'Cluster Course'" });
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  // The second instance has the button's script in memory (5 s) when the first switches it off.
  const before = await scriptEtag(instance(1));
  const cachedAt = Date.now();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  // The switch flips at once and saves in the background: the writer's own script changes once the save is done.
  let switchedOff = before;
  await expect
    .poll(async () => (switchedOff = await scriptEtag(instance(0))), { timeout: 3000, intervals: [50] })
    .not.toBe(before);
  await expect.poll(() => scriptEtag(instance(1)), { timeout: 3000, intervals: [50] }).toBe(switchedOff);
  // Before the cached copy could have expired by itself: the message between the instances brought it.
  expect(Date.now() - cachedAt).toBeLessThan(5000);
});

test("sign-in attempts are counted across instances", async ({ page }) => {
  const email = uniqueEmail("cluster-limit");
  await signUp(page, instance(1), "Limit Cluster", email, "right-password");
  await page.context().clearCookies();

  // Five wrong passwords for one account from one address is the budget (src/server/platform/rate-limit.ts): three here,
  // two there. Counted per instance, the sixth would still be let through on either.
  for (const index of [0, 0, 0, 1, 1]) {
    await signIn(page, instance(index), email, "wrong-password");
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  }
  await signIn(page, instance(0), email, "right-password");
  await expect(page.getByRole("alert").filter({ hasText: "Too many attempts. Please try again later." })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  // The count lives in Redis, where every instance reads it (not in PostgreSQL's fallback).
  const redis = new Redis(REDIS_URL);
  try {
    expect(await redis.keys(`${redisKeyPrefix}:rate:signin-pair*`)).not.toHaveLength(0);
  } finally {
    redis.disconnect();
  }
});

test("the balancer sends requests to each instance in turn", async () => {
  const answeredBy = new Set<string>();
  for (let i = 0; i < 4; i++) {
    const response = await fetch(`${cluster.url}/api/health`);
    expect(response.status).toBe(200);
    answeredBy.add(response.headers.get("x-popkit-instance") ?? "");
  }
  expect([...answeredBy].sort()).toEqual(["app-1", "app-2"]);
});
