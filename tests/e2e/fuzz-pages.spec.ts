// The public pages (/checkout/[id], /digital-sell/[id], /thank-you, /library/[token] and the rest of the
// public group), fuzzed over real HTTP against the production server: its middleware, Next's own request handling
// and the page renders. No answer may be a 5xx and no request may break the connection. FUZZ_PAGE_RUNS cases per
// page (small here; `npm run fuzz` runs many), FUZZ_SEED to replay, FUZZ_ONLY=/checkout to run one page.
// The database's state is not compared here: the other specs write to it at the same time.
import { expect, test } from "@playwright/test";
import { createMerchant } from "../factories/merchant";
import { createPaymentButton } from "../factories/payment-button";
import { createSellPage } from "../factories/sell-page";
import { pageCases, publicPages } from "../fuzz/pages";
import { describeError, failureMessage, fuzzSettings, runTarget, saveReport, seedFor } from "../fuzz/report";
import { closeE2eDb, e2eDb } from "./buyer-helpers";

const settings = fuzzSettings(12);
const runs = Number(process.env.FUZZ_PAGE_RUNS) || 8;
let seeds: Record<string, string> = {};

test.beforeAll(async () => {
  console.log(`fuzz-pages: seed ${settings.seed} (FUZZ_SEED), ${runs} cases per page (FUZZ_PAGE_RUNS)`);
  const merchant = await createMerchant(e2eDb());
  const button = await createPaymentButton(e2eDb(), merchant.id);
  const sellPage = await createSellPage(e2eDb(), merchant.id);
  seeds = { id: button.id, sellPageId: sellPage.id };
});
test.afterAll(closeE2eDb);

for (const pattern of publicPages().filter((page) => settings.includes(page))) {
  test(`${pattern} answers ${runs} hostile requests without a 5xx`, async ({ request }) => {
    test.setTimeout(60_000 + runs * 2_000);
    const id = pattern.startsWith("/digital-sell") ? seeds.sellPageId : seeds.id;
    const report = await runTarget({
      name: pattern,
      arbitrary: pageCases(pattern, id ? { id } : {}),
      numRuns: runs,
      seed: seedFor(settings.seed, pattern),
      run: async ({ request: page }) => {
        try {
          const response = await request.fetch(page.path, {
            method: page.method,
            headers: page.headers,
            data: page.method === "POST" ? "a=%00&b=\u0000" : undefined,
            maxRedirects: 0,
            failOnStatusCode: false,
            timeout: 20_000,
          });
          return { status: response.status(), code: String(response.status()), message: response.statusText() };
        } catch (error) {
          return { status: 599, code: "NETWORK", message: `no answer: ${describeError(error)}` };
        }
      },
    });
    saveReport("pages", report);
    expect(report.findings, failureMessage(report, settings.seed)).toEqual([]);
  });
}
