// The digital sell page the sell-page bench measures: the demo's page (prisma/seed.ts), with all its files, for
// a merchant of its own. prisma/seed.ts loads src/env.js, which validates the environment as it loads: it is
// imported only here, after startBenchStack has set that environment (a fresh clone has no .env).
import type { startBenchStack } from "./stack";

export async function seedSellPage(stack: Awaited<ReturnType<typeof startBenchStack>>) {
  const { createMerchant } = await import("../../../tests/factories/merchant");
  const { connectPayPal } = await import("../../../tests/factories/store-settings");
  const { DEMO_IMAGE, seedSellPage: seedDemoSellPage } = await import("../../../prisma/seed");
  const merchant = await createMerchant(stack.db, { name: "Yarn & Needle Studio" });
  const { clientId } = await connectPayPal(stack.db, merchant.id);
  const page = await seedDemoSellPage(stack.db, merchant.id, clientId, { withFiles: true });
  return { page, image: DEMO_IMAGE };
}
