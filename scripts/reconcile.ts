// `npm run reconcile [-- --merchant <id>]`: asks PayPal once about every checkout approved or captured but never recorded, and about
// subscriptions whose billing date passed, and records what was paid (the job also runs every 10 minutes).
import { parseArgs } from "node:util";
import { openDatabase } from "./lib/database";
import { joinDemoSandbox } from "./lib/demo-sandbox";
import { loadOrCreateDemoSecrets } from "./lib/demo-secrets";
import { dataDir } from "./lib/paths";

async function main() {
  const database = await openDatabase();
  // In demo mode the checkouts were made against the demo's local PayPal sandbox: ask that one.
  const simulatesPayPal = process.env.NODE_ENV !== "production" && (process.env.PAYPAL_SIMULATOR ?? "1") === "1";
  const sandbox = simulatesPayPal ? await joinDemoSandbox() : null;
  try {
    if (process.env.NODE_ENV !== "production") {
      Object.assign(process.env, { ...loadOrCreateDemoSecrets(dataDir), ...process.env, ...sandbox?.env });
    }
    Object.assign(process.env, { DATABASE_URL: database.url, EMBEDDED_DB: database.embedded ? "1" : "0" });
    // Imported only now: the app's modules read (and validate) that environment when they load.
    const { reconcileCheckouts } = await import("../src/server/checkout/reconciliation");
    const { values } = parseArgs({ options: { merchant: { type: "string" } } });
    const report = await reconcileCheckouts({ merchantId: values.merchant });
    console.log(
      `Checked ${report.checked} checkouts: ${report.recorded} recorded, ${report.closed} closed. ` +
        `Checked ${report.subscriptionsChecked} subscriptions: ${report.salesRecorded} payments recorded. ` +
        `${report.errors} errors.`,
    );
    if (report.errors > 0) process.exitCode = 1;
  } finally {
    await sandbox?.close();
    await database.close();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
