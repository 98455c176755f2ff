// The digital sell page the sell-page bench measures: the demo's page (prisma/seed.ts), with all its files, for
// a merchant of its own.
import type { startBenchStack } from "./stack";

export { DEMO_IMAGE as IMAGE } from "../../../prisma/seed";

export async function seedSellPage(stack: Awaited<ReturnType<typeof startBenchStack>>) {
  const { createMerchant } = await import("../../../tests/factories/merchant");
  const { connectPayPal } = await import("../../../tests/factories/store-settings");
  const { seedSellPage: seedDemoSellPage } = await import("../../../prisma/seed");
  const merchant = await createMerchant(stack.db, { name: "Yarn & Needle Studio" });
  const { clientId } = await connectPayPal(stack.db, merchant.id);
  return seedDemoSellPage(stack.db, merchant.id, clientId, { withFiles: true });
}
