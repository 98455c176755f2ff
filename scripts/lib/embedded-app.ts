// One embedded-default instance, as `npm start` runs it without DATABASE_URL (scripts/start.ts), on a data dir of
// the caller's: this process opens the embedded PostgreSQL there (scripts/lib/database.ts openDatabase, which also
// takes over a data dir left by a killed process), applies the migrations, and runs the production server
// (scripts/serve.ts) with EMBEDDED_DB=1 against it. What start.ts adds for a demo (generated secrets, seeded data,
// its own sandbox, the .data/ directory) is left to the caller, who passes the app's environment.
// `node --import tsx scripts/lib/embedded-app.ts`, with POPKIT_DATA_DIR, PORT and HOST (default 127.0.0.1).
// Used by the burst runs (scripts/lib/burst-targets.ts), which start it as a process group of its own: a SIGKILL of
// the group ends the app and its database at once, as a crash of `npm start` (or its container) does.
import { startApp } from "./app";
import { migrateDatabase, openDatabase } from "./database";

const dataDir = process.env.POPKIT_DATA_DIR;
if (!dataDir) throw new Error("POPKIT_DATA_DIR must name the embedded database's directory");
// openDatabase would use a server named there instead of the embedded database.
delete process.env.DATABASE_URL;
const database = await openDatabase({ dataDir });
await migrateDatabase(database.url);
const app = await startApp({
  port: Number(process.env.PORT),
  host: process.env.HOST ?? "127.0.0.1",
  env: { ...process.env, DATABASE_URL: database.url, EMBEDDED_DB: "1", NODE_ENV: "production" },
  quiet: true,
});

let stopping = false;
app.child.on("exit", (code, signal) => {
  if (stopping) return;
  console.error(`embedded app: the server exited (${signal ?? `code ${code}`})`);
  void database.close().finally(() => process.exit(1));
});
const stop = () => {
  if (stopping) return;
  stopping = true;
  void app
    .stop()
    .then(() => database.close())
    .finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
