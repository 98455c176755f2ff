// The demo's selling tools, seeded after prisma/seed.ts's seedDemo by `npm start` and `npm run db:seed`:
// plans, the sell page's own social proof and pay-what-you-want bundle, payment buttons with the buyer's choices,
// discount codes with uses, shipping zones and tax with orders to ship, EU VAT on digital products with a consumer's
// and a business's order, two PayPal disputes, a software product issuing license keys, and a
// read key to the REST API. Each part is idempotent.
import type { PrismaClient } from "../../src/generated/prisma/client";
import type { DemoSeed } from "../../prisma/seed";
import { seedDemoApiKey } from "./demo-api-key";
import { seedDemoDiscounts } from "./demo-discounts";
import { seedDemoDisputes } from "./demo-disputes";
import { seedDemoEuVat } from "./demo-eu-vat";
import { seedDemoPlans } from "./demo-plans";
import { seedDemoSellPage } from "./demo-sell-page";
import { seedDemoSellingOptions } from "./demo-selling-options";
import { seedDemoShipping } from "./demo-shipping";

export async function seedDemoSelling(client: PrismaClient, seeded: DemoSeed) {
  await seedDemoDiscounts(client, seeded);
  await seedDemoPlans(client);
  await seedDemoSellPage(client, seeded);
  await seedDemoSellingOptions(client, seeded);
  await seedDemoShipping(client, seeded);
  await seedDemoEuVat(client, seeded);
  await seedDemoDisputes(client, seeded);
  // Imported only now: it loads the ledger's modules, which read the app's environment the caller has just set.
  const { demoLicenseKey, seedDemoLicenses } = await import("./demo-licenses");
  await seedDemoLicenses(client, seeded);
  seeded.licenseKey = await demoLicenseKey(client);
  await seedDemoApiKey(client, seeded);
}
