// `npm run admin:create -- --username U --email E --name N --role super_admin`
// Creates a staff account from the terminal: how the first super_admin comes to exist (no default password is
// ever shown anywhere). The password comes from ADMIN_PASSWORD or a hidden prompt.
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { z } from "zod";
import { migrateDatabase, openDatabase } from "./lib/database";
import { loadOrCreateDemoSecrets } from "./lib/demo-secrets";
import { dataDir } from "./lib/paths";
import { createSaasUserSchema } from "../src/schemas/staff";

function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    muted = true;
  });
}

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: "string" },
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string", default: "super_admin" },
      description: { type: "string" },
    },
  });
  let password = process.env.ADMIN_PASSWORD;
  if (!password) {
    if (!process.stdin.isTTY) throw new Error("Set ADMIN_PASSWORD, or run this in a terminal to be prompted.");
    password = await promptHidden("Password (at least 8 characters): ");
  }
  const parsed = createSaasUserSchema.safeParse({ ...values, password });
  if (!parsed.success) {
    const fields = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
    throw new Error(
      Object.entries(fields)
        .map(([field, messages]) => `  --${field}: ${messages[0]}`)
        .join("\n"),
    );
  }

  if (process.env.NODE_ENV !== "production")
    Object.assign(process.env, { ...loadOrCreateDemoSecrets(dataDir), ...process.env });
  const database = await openDatabase();
  try {
    await migrateDatabase(database.url);
    process.env.DATABASE_URL = database.url;
    process.env.EMBEDDED_DB = database.embedded ? "1" : "0";
    const { createSaasUser } = await import("../src/server/staff/users");
    const user = await createSaasUser(parsed.data, null);
    console.log(`Created ${user.role} "${user.username}" <${user.email}>. Sign in at /saas-admin/auth.`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const message =
      (error as { userMessage?: string }).userMessage ?? (error instanceof Error ? error.message : String(error));
    console.error(`Could not create the staff account:\n${message}`);
    process.exit(1);
  },
);
