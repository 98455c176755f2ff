import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { GET as checkoutScript } from "~/app/api/button/checkout/route";
import { embedConfig, paymentButtonScript } from "~/embed/payment-button";
import { env } from "~/env";
import { checkoutMessages } from "~/lib/checkout-messages";
import { db } from "~/server/platform/db";
import { embedScriptAnswer } from "~/server/payment-buttons/embed-script";
import type { PublicButton } from "~/server/checkout/public-button";
import { createSeller } from "../../factories/seller";
import { type FakeElement, fakeElement } from "../../support/fake-dom";

// The payment button in two scripts: the loader, GET /api/button/{id}.js, carries only what a buyer sees
// before a click, and adds the checkout script, GET /api/button/checkout, next to PayPal's SDK; the button renders
// once both have loaded. The whole buyer journey through both is in checkout-endpoints.test.ts and the e2e specs.

const CHECKOUT_PATH = "/api/button/checkout";

const getCheckoutScript = (headers: Record<string, string> = {}) =>
  checkoutScript(new Request(`${env.APP_URL}${CHECKOUT_PATH}`, { headers }));

async function loaderOf(overrides: Parameters<typeof createSeller>[1] = {}) {
  const { button } = await createSeller(db, overrides);
  const answer = await embedScriptAnswer(`${button.id}.js`, { ifNoneMatch: null, acceptEncoding: null });
  return { button, script: answer.body!.toString() };
}

/** A merchant's page as far as the loader sees it, whose own <script> tag carries `nonce`. */
function fakePage(buttonId: string, nonce?: string) {
  const container = fakeElement();
  const scripts: FakeElement[] = [];
  const rendered: unknown[] = [];
  const document = {
    readyState: "complete",
    currentScript: nonce ? { nonce } : null,
    getElementById: (id: string) => (id === `popkit-button-${buttonId}` ? container : null),
    addEventListener: () => {},
    createElement: fakeElement,
    head: { appendChild: (script: FakeElement) => void scripts.push(script) },
  };
  const window: Record<string, unknown> = { document, console };
  window.window = window;
  return {
    container,
    scripts,
    rendered,
    window,
    run: (source: string) => vm.runInNewContext(source, window),
    /** What PayPal's SDK defines under the button's namespace: Buttons, recording the options it renders with. */
    installSdk(namespace: string) {
      window[namespace] = {
        Buttons: (options: unknown) => ({ render: () => (rendered.push(options), Promise.resolve()) }),
      };
    },
    /** The checkout script as a browser runs it: its own element is document.currentScript. */
    async runCheckout(script: FakeElement) {
      document.currentScript = script as unknown as { nonce: string };
      vm.runInNewContext(await (await getCheckoutScript()).text(), window);
      document.currentScript = null;
    },
  };
}

describe("GET /api/button/checkout", () => {
  it("serves any site one script for every button, cached briefly and revalidated by its ETag", async () => {
    const response = await getCheckoutScript();
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/javascript; charset=utf-8",
      "cache-control": "public, max-age=60, stale-while-revalidate=60",
      "cross-origin-resource-policy": "cross-origin",
      "access-control-allow-origin": "*",
      "x-content-type-options": "nosniff",
    });
    const etag = response.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const body = await response.text();
    expect(() => new vm.Script(body)).not.toThrow();
    for (const message of [checkoutMessages.success, checkoutMessages.pending, checkoutMessages.error]) {
      expect(body).toContain(JSON.stringify(message).slice(1, -1));
    }

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const revalidated = await getCheckoutScript({ "if-none-match": ifNoneMatch });
      expect(revalidated.status, ifNoneMatch).toBe(304);
      expect(revalidated.headers.get("etag")).toBe(etag);
      expect(await revalidated.text()).toBe("");
    }
    const stale = await getCheckoutScript({ "if-none-match": '"stale"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(body);
  });

  it("ignores any query and odd headers", async () => {
    const plain = await (await getCheckoutScript()).text();
    const odd = await checkoutScript(
      new Request(`${env.APP_URL}${CHECKOUT_PATH}?v=%00%E0&x=${"y".repeat(5000)}`, {
        headers: { "if-none-match": "\u00e9,,W/, *" },
      }),
    );
    expect(odd.status).toBe(200);
    expect(await odd.text()).toBe(plain);
  });
});

describe("the loader before a click", () => {
  it("carries only the sentence it can show before a click; the checkout script has the rest", async () => {
    const { script } = await loaderOf();
    expect(script).toContain(checkoutMessages.sdkFailed);
    for (const later of [checkoutMessages.success, checkoutMessages.pending, checkoutMessages.error]) {
      expect(script).not.toContain(later);
    }
    const { script: off } = await loaderOf({ isActive: false });
    expect(off).toContain(checkoutMessages.unavailable);
    expect(off).not.toContain(checkoutMessages.sdkFailed);
  });

  it("adds PayPal's SDK and the checkout script with the page's nonce, and renders once both have loaded", async () => {
    const { button, script } = await loaderOf();
    const page = fakePage(button.id, "bm9uY2Utb2YtdGhlLXBhZ2U=");
    page.run(script);
    const [sdk, checkout] = page.scripts;
    expect(page.scripts).toHaveLength(2);
    expect(sdk!.src).toContain(`${env.PAYPAL_SDK_BASE_URL}?client-id=`);
    expect(sdk).toMatchObject({ nonce: "bm9uY2Utb2YtdGhlLXBhZ2U=" });
    expect(sdk!.attributes).toMatchObject({ "data-csp-nonce": "bm9uY2Utb2YtdGhlLXBhZ2U=" });
    expect(checkout).toMatchObject({ src: `${env.APP_URL.replace(/\/+$/, "")}${CHECKOUT_PATH}` });
    expect(checkout).toMatchObject({ nonce: "bm9uY2Utb2YtdGhlLXBhZ2U=" });
    expect(checkout!.attributes).toEqual({});

    page.installSdk(sdk!.attributes["data-namespace"]!);
    sdk!.onload!();
    expect(page.rendered).toHaveLength(0);
    await page.runCheckout(checkout!);
    expect(typeof checkout!.popkit).toBe("function");
    checkout!.onload!();
    expect(page.rendered).toHaveLength(1);
    expect(page.rendered[0]).toMatchObject({ style: { layout: "vertical" } });
    expect(Object.keys(page.rendered[0] as object).sort()).toEqual(
      ["createOrder", "onApprove", "onCancel", "onError", "style"].sort(),
    );
  });

  it("renders a subscription button with createSubscription, whichever script loads first", async () => {
    const { button, script } = await loaderOf({ paymentType: "subscription", subscriptionPlanId: "P-LOADER" });
    const page = fakePage(button.id);
    page.run(script);
    const [sdk, checkout] = page.scripts;
    expect(sdk!.nonce).toBeUndefined();
    await page.runCheckout(checkout!);
    checkout!.onload!();
    expect(page.rendered).toHaveLength(0);
    page.installSdk(sdk!.attributes["data-namespace"]!);
    sdk!.onload!();
    expect(page.rendered).toHaveLength(1);
    expect(page.rendered[0]).toHaveProperty("createSubscription");
    expect(page.rendered[0]).not.toHaveProperty("createOrder");
  });

  it("shows the failure message when the checkout script does not load", async () => {
    const { button, script } = await loaderOf();
    const page = fakePage(button.id);
    page.run(script);
    const [sdk, checkout] = page.scripts;
    page.installSdk(sdk!.attributes["data-namespace"]!);
    sdk!.onload!();
    checkout!.onerror!();
    expect(page.rendered).toHaveLength(0);
    expect(page.container.textContent).toBe(checkoutMessages.sdkFailed);
  });

  it("loads the checkout script from the sell page's own origin when inlined there", () => {
    const button: PublicButton = {
      id: "cmsellpagebundle0000000001",
      name: "Basic",
      description: "",
      amountMinor: 900,
      currency: "USD",
      isSubscription: false,
      payWhatYouWant: false,
      minimumAmountMinor: null,
      maxQuantity: 1,
      stockLeft: null,
      soldOut: false,
      acceptsDiscountCodes: false,
      bump: null,
      ships: false,
      asksBuyerCountry: false,
      subscriptionPlanId: null,
      paypalClientId: "client-sell-page",
      style: { color: "gold", shape: "rect", size: "medium", label: "paypal" },
      successUrl: null,
      cancelUrl: null,
      canTakePayments: true,
      isSellerSuspended: false,
    };
    const page = fakePage(button.id);
    page.run(paymentButtonScript(embedConfig(button.id, button, { appUrl: "", sdkBaseUrl: "https://sdk.test/js" })));
    expect(page.scripts.map((script) => script.src)).toEqual([
      "https://sdk.test/js?client-id=client-sell-page&currency=USD&intent=capture&components=buttons",
      CHECKOUT_PATH,
    ]);
  });
});
