// `npm run db:migrate` applies pending migrations; `npm run db:seed` also adds the demo data. Both work while
// the app runs on the embedded database: openDatabase() then goes through the app's own embedded server.
import { migrateDatabase, openDatabase } from "./lib/database";
import { seedDemoSelling } from "./lib/demo-selling";
import { loadOrCreateDemoSecrets } from "./lib/demo-secrets";
import { dataDir } from "./lib/paths";
import { createPrismaClient } from "../src/server/platform/prisma-client";

async function main(command: string | undefined) {
  if (command !== "migrate" && command !== "seed") throw new Error("usage: tsx scripts/db.ts migrate|seed");
  const database = await openDatabase();
  try {
    await migrateDatabase(database.url);
    console.log("Migrations applied.");
    if (command === "seed") {
      // The demo data stores an encrypted PayPal secret, so the seed needs the app's environment: the same
      // generated demo secrets `npm start` uses (explicit settings win), and this database.
      if (process.env.NODE_ENV !== "production") {
        Object.assign(process.env, { ...loadOrCreateDemoSecrets(dataDir), ...process.env });
      }
      Object.assign(process.env, { DATABASE_URL: database.url, EMBEDDED_DB: database.embedded ? "1" : "0" });
      // Imported only now: it reads (and validates) that environment when it loads.
      const { printDemoLogins, seedDemo } = await import("../prisma/seed");
      const client = createPrismaClient(database.url, { embedded: database.embedded });
      try {
        // No UploadThing sandbox runs here: the demo sell page goes without its files.
        const seeded = await seedDemo(client, dataDir, { withFiles: false });
        await seedDemoSelling(client, seeded);
        printDemoLogins(seeded, process.env.APP_URL ?? "http://localhost:3000");
      } finally {
        await client.$disconnect();
      }
    }
  } finally {
    await database.close();
  }
}

main(process.argv[2]).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
