import { randomBytes } from "node:crypto";
import { startEmbeddedDb } from "../../scripts/lib/embedded-db";
import { createFreshDatabase, dropDatabase, migrateDatabase } from "../../scripts/lib/database";

export type TestDatabase = { url: string; embedded: boolean; dispose(): Promise<void> };

/**
 * A new, migrated database for one test run: a fresh database on the server named by DATABASE_URL when it is
 * set (CI's PostgreSQL), else an in-memory embedded PostgreSQL (the default a fresh clone has).
 */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `popkit_${label}_${Date.now()}_${randomBytes(3).toString("hex")}`;
    const url = await createFreshDatabase(serverUrl, name);
    await migrateDatabase(url);
    return { url, embedded: false, dispose: () => dropDatabase(serverUrl, name) };
  }
  const embedded = await startEmbeddedDb({ dataDir: ":memory:" });
  await migrateDatabase(embedded.url);
  return { url: embedded.url, embedded: true, dispose: () => embedded.stop() };
}
