import vm from "node:vm";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { GET as buttonScript } from "~/app/api/button/[id]/route";
import { GET as checkoutScript } from "~/app/api/button/checkout/route";
import { embedScriptAnswer } from "~/server/payment-buttons/embed-script";
import { POST as capturePost, OPTIONS as captureOptions } from "~/app/api/checkout/capture/route";
import { POST as ordersPost, OPTIONS as ordersOptions } from "~/app/api/checkout/orders/route";
import { POST as subscriptionsPost } from "~/app/api/checkout/subscriptions/route";
import { checkoutMessages } from "~/lib/checkout-messages";
import { decryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { buildSellPageInput } from "../../factories/sell-page";
import { createStoredFile } from "../../factories/stored-file";
import { connectPayPal } from "../../factories/store-settings";
import { merchantCaller } from "../../support/callers";
import { refusePaymentWrites } from "../../support/database-faults";
import { approveOrder } from "../../support/paypal-sandbox";
import { env } from "~/env";
import { poolOf } from "~/server/platform/prisma-client";
import { DOWNLOAD_ALREADY_ISSUED_MESSAGE, getThankYou } from "~/server/library/downloads";
import { createSeller } from "../../factories/seller";
import { type FakeElement, fakeElement } from "../../support/fake-dom";

const APP = "http://localhost:3000";
const ip = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function getScript(file: string, headers: Record<string, string> = {}) {
  return buttonScript(new Request(`${APP}/api/button/${file}`, { headers }), { params: Promise.resolve({ id: file }) });
}

const handlers: Record<string, (request: Request) => Promise<Response>> = {
  orders: ordersPost,
  capture: capturePost,
  subscriptions: subscriptionsPost,
};

/** What a merchant's page does: fetch our endpoints cross-origin. */
function postJson(path: string, body: string, headers: Record<string, string> = {}) {
  const request = new Request(`${APP}/api/checkout/${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: "https://shop.example.com",
      "x-forwarded-for": ip(),
      ...headers,
    },
    body,
  });
  return handlers[path]!(request);
}

describe("GET /api/button/{id}.js", () => {
  it("serves the loader with public fields, an ETag and a short public cache; 304 when unchanged", async () => {
    const { button, merchant, clientId, secret } = await createSeller(db, { amountMinor: 1234 });
    const response = await getScript(`${button.id}.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/javascript");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=60/);
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^".+"$/);
    const body = await response.text();
    expect(body).toContain(`popkit-button-`);
    expect(body).toContain(button.id);
    expect(body).toContain(`client-id=${clientId}`);
    for (const secretValue of [merchant.email, secret, "paypalSecretEncrypted"])
      expect(body).not.toContain(secretValue);
    expect(() => new vm.Script(body)).not.toThrow();
    // The loader's budget: at most 3 KB gzipped before the PayPal SDK (unminified here; production is smaller).
    expect(gzipSync(body).length).toBeLessThanOrEqual(3072);

    const again = await getScript(`${button.id}.js`, { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await getScript(`${button.id}.js`, { "if-none-match": '"stale"' })).status).toBe(200);
  });

  it("gzips from its cached render when the front door's client accepts it (Next compresses the route's)", async () => {
    const { button } = await createSeller(db);
    const file = `${button.id}.js`;
    const plain = await embedScriptAnswer(file, { ifNoneMatch: null, acceptEncoding: null });
    const gzipped = await embedScriptAnswer(file, { ifNoneMatch: null, acceptEncoding: "deflate, gzip;q=0.9" });
    expect(plain.headers).toMatchObject({ vary: "Accept-Encoding" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gzipped.headers).toMatchObject({ vary: "Accept-Encoding", "content-encoding": "gzip" });
    expect(gunzipSync(gzipped.body!).equals(plain.body!)).toBe(true);
    expect(plain.body!.toString()).toBe(await (await getScript(file)).text());
    const unchanged = await embedScriptAnswer(file, { ifNoneMatch: plain.headers.etag!, acceptEncoding: "gzip" });
    expect(unchanged).toMatchObject({ status: 304, body: null });
  });

  it("answers an unknown id with 404 and a script that only warns", async () => {
    for (const file of ["doesnotexist.js", "no-extension", "bad%20id.js"]) {
      const response = await getScript(file);
      expect(response.status).toBe(404);
      const body = await response.text();
      expect(body).toMatch(/^console\.warn\(/);
      const warnings: unknown[] = [];
      vm.runInNewContext(body, { console: { warn: (message: unknown) => warnings.push(message) } });
      expect(warnings).toHaveLength(1);
    }
  });

  it("tells the buyer an inactive button is not available, without its PayPal details", async () => {
    const { button, clientId } = await createSeller(db, { isActive: false });
    const body = await (await getScript(`${button.id}.js`)).text();
    expect(body).not.toContain(clientId);
    const page = fakePage(button.id);
    page.run(body);
    expect(page.container.textContent).toBe("This button is not currently available");
    expect(page.region("status")).toMatchObject({ text: "This button is not currently available" });
    expect(page.scripts).toHaveLength(0);
  });

  it("tells the buyer a seller without a saved secret cannot take payments yet", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const page = fakePage(button.id);
    page.run(await (await getScript(`${button.id}.js`)).text());
    expect(page.container.textContent).toBe("This seller cannot take payments yet.");
  });

  it("loads the SDK under a private namespace and pays through the CORS endpoints", async () => {
    const { button, clientId } = await createSeller(db, { amountMinor: 777, styleColor: "blue", styleSize: "large" });
    const page = fakePage(button.id);
    page.run(await (await getScript(`${button.id}.js`)).text());

    const [sdk] = page.scripts;
    const url = new URL(sdk!.src!);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      "client-id": clientId,
      currency: "USD",
      intent: "capture",
    });
    const namespace = sdk!.attributes["data-namespace"]!;
    expect(namespace).not.toBe("paypal");

    // The SDK arrives under its namespace and renders; the host page's window.paypal is untouched.
    const rendered = page.installSdk(namespace);
    sdk!.onload!();
    const options = await rendered;
    expect(page.window.paypal).toBe("the host page's own");
    expect(options.style).toMatchObject({ color: "blue", height: 55 });

    const orderId = await options.createOrder!();
    await approveOrder(orderId);
    await options.onApprove!({ orderID: orderId }, { restart: () => {} });
    // In the button's own container, under the button, styled inline: no native dialog.
    const status = page.region("status");
    expect(status.text).toBe("Payment successful! Thank you for your purchase.");
    expect(status.style.cssText).toContain("color:#15803d");
    expect(page.region("alert").text).toBe("");
    expect(await db.transaction.findUnique({ where: { paypalOrderId: orderId } })).toMatchObject({
      amountMinor: 777,
      status: "completed",
    });
  });

  it("shows a pending capture as a notice and a failed payment as an alert, cleared by the next attempt", async () => {
    const { button } = await createSeller(db);
    const { page, options } = await renderedButton(button.id);

    const pending = await options.createOrder!();
    await approveOrder(pending, "pending");
    await options.onApprove!({ orderID: pending }, { restart: () => {} });
    expect(page.region("status").text).toContain("PayPal is reviewing your payment");

    const declined = await options.createOrder!();
    expect(page.container.textContent).toBe("");
    await approveOrder(declined, "capture-declined");
    await options.onApprove!({ orderID: declined }, { restart: () => {} });
    expect(page.region("alert").text).toBe("An error occurred during payment. Please try again.");
    expect(page.region("alert").style.cssText).toContain("color:#b91c1c");
    expect(page.region("status").text).toBe("");

    // What PayPal's onError receives: our server's buyer-facing sentence, else the generic one.
    await options.createOrder!();
    options.onError!(Object.assign(new Error("Payment not found."), { popkit: true }));
    expect(page.region("alert").text).toBe("Payment not found.");
    options.onError!(new Error("Window closed before response"));
    expect(page.region("alert").text).toBe("An error occurred during payment. Please try again.");
  });

  it("tells a buyer whose payment is not recorded yet that it is being confirmed, then that it succeeded", async () => {
    const { button } = await createSeller(db);
    const { page, options } = await renderedButton(button.id);

    const orderId = await options.createOrder!();
    await approveOrder(orderId);
    const allowWrites = await refusePaymentWrites(orderId);
    const approving = options.onApprove!({ orderID: orderId }, { restart: () => {} });
    try {
      await vi.waitFor(() => expect(page.region("status").text).toContain("is being confirmed (PayPal reference"), {
        timeout: 10_000,
      });
      expect(page.region("alert").text).toBe("");
    } finally {
      await allowWrites();
    }
    // The page asks again by itself; once the write goes through, the buyer sees the success.
    await approving;
    expect(page.region("status").text).toBe("Payment successful! Thank you for your purchase.");
    expect(await db.transaction.count({ where: { paypalOrderId: orderId } })).toBe(1);
  });

  it("lists the license key a payment issued in its success message, as text", async () => {
    const { button, merchant } = await createSeller(db);
    await merchantCaller(merchant).merchant.licenses.save({
      buttonId: button.id,
      enabled: true,
      activationLimit: 1,
      expiry: "never",
      expiryDays: null,
      keyPrefix: "",
    });
    const { page, options } = await renderedButton(button.id);

    const orderId = await options.createOrder!();
    await approveOrder(orderId);
    await options.onApprove!({ orderID: orderId }, { restart: () => {} });
    const [key] = await db.licenseKey.findMany({ where: { transaction: { paypalOrderId: orderId } } });
    const shown = `${checkoutMessages.success} ${checkoutMessages.licenseKey} ${decryptSecret(key!.keyEncrypted)}`;
    expect(page.region("status").text).toBe(shown);
  });

  it("redirects to the success and cancel URLs when the button has them, and restarts after a declined card", async () => {
    const { button } = await createSeller(db, {
      successUrl: "https://shop.example.com/thanks",
      cancelUrl: "https://shop.example.com/cart",
    });
    const { page, options } = await renderedButton(button.id);

    options.onCancel!();
    expect(page.window.location.href).toBe("https://shop.example.com/cart");

    const orderId = await options.createOrder!();
    await approveOrder(orderId, "declined-card");
    let restarted = 0;
    await options.onApprove!({ orderID: orderId }, { restart: () => void restarted++ });
    expect(restarted).toBe(1);
    expect(page.container.textContent).toBe("");

    await approveOrder(orderId, "alex");
    await options.onApprove!({ orderID: orderId }, { restart: () => void restarted++ });
    expect(page.window.location.href).toBe("https://shop.example.com/thanks");
  });

  it("sends a bundle's buyer to the thank-you page once; a repeated capture shows where the link is", async () => {
    const merchant = await createMerchant(db);
    const { clientId } = await connectPayPal(db, merchant.id);
    const file = await createStoredFile(db, merchant.id, "downloadable_file");
    const { id: pageId } = await merchantCaller(merchant).pages.sellPages.create(
      buildSellPageInput({ paypalClientId: clientId, downloadableFileId: file.id }),
    );
    const button = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: pageId, bundleTier: "basic" } });
    const { page, options } = await renderedButton(button.id);

    const orderId = await options.createOrder!();
    await approveOrder(orderId);
    await options.onApprove!({ orderID: orderId }, { restart: () => {} });
    const thankYou = new URL(page.window.location.href);
    expect(thankYou.pathname).toBe("/thank-you");
    const token = thankYou.searchParams.get("token")!;

    page.window.location.href = "https://shop.example.com/product";
    await options.onApprove!({ orderID: orderId }, { restart: () => {} });
    expect(page.window.location.href).toBe("https://shop.example.com/product");
    expect(page.region("status").text).toBe(DOWNLOAD_ALREADY_ISSUED_MESSAGE);
    expect(page.region("alert").text).toBe("");
    expect(await getThankYou(token)).toMatchObject({ downloadsLeft: 5 });
  });

  it("shows the SDK failure message when PayPal's script does not load", async () => {
    const { button } = await createSeller(db);
    const page = fakePage(button.id);
    page.run(await (await getScript(`${button.id}.js`)).text());
    page.scripts[0]!.onerror!();
    expect(page.container.textContent).toBe("Failed to load PayPal button. Please refresh the page.");
    expect(page.region("alert").text).toBe("Failed to load PayPal button. Please refresh the page.");
  });
});

describe("/api/checkout/* CORS endpoints", () => {
  it("answers the CORS preflight", async () => {
    for (const options of [ordersOptions, captureOptions]) {
      const response = options();
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-allow-methods")).toContain("POST");
      expect(response.headers.get("access-control-allow-headers")).toContain("content-type");
    }
  });

  it("creates an order from the stored price whatever amount the page sends", async () => {
    const { button } = await createSeller(db, { amountMinor: 5000 });
    const response = await postJson("orders", JSON.stringify({ buttonId: button.id, amount: "0.01" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const { orderId } = (await response.json()) as { orderId: string };
    expect((await db.checkoutSession.findUniqueOrThrow({ where: { paypalOrderId: orderId } })).amountMinor).toBe(5000);
  });

  it("answers bad input with a clear 4xx JSON error, never a 500", async () => {
    const { button } = await createSeller(db);
    const cases: [string, string, number, string][] = [
      ["orders", "{not json", 400, "The request body must be JSON."],
      ["orders", "[]", 400, "The request must be a JSON object."],
      ["orders", "{}", 400, "Button ID is required"],
      ["orders", JSON.stringify({ buttonId: "no such button" }), 400, "Payment button not found"],
      ["orders", JSON.stringify({ buttonId: "nosuchbutton" }), 404, "Payment button not found"],
      ["capture", JSON.stringify({ buttonId: button.id }), 400, "Order ID is required"],
      ["capture", JSON.stringify({ buttonId: button.id, orderId: "NOTOURS0000000000" }), 404, "Payment not found."],
      [
        "subscriptions",
        JSON.stringify({ buttonId: button.id, subscriptionId: "I-X" }),
        404,
        "Payment button not found",
      ],
      ["orders", JSON.stringify({ buttonId: "x".repeat(5000) }), 413, "Request body too large."],
    ];
    for (const [path, body, status, message] of cases) {
      const response = await postJson(path, body);
      expect({ path, body: body.slice(0, 40), status: response.status }).toEqual({
        path,
        body: body.slice(0, 40),
        status,
      });
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    }
  });

  it("answers 202 'being confirmed' with PayPal's capture id when PayPal took the money but the write failed", async () => {
    const { button } = await createSeller(db);
    const { orderId } = (await (await postJson("orders", JSON.stringify({ buttonId: button.id }))).json()) as {
      orderId: string;
    };
    await approveOrder(orderId);
    const allowWrites = await refusePaymentWrites(orderId);
    let first: Response;
    try {
      first = await postJson("capture", JSON.stringify({ buttonId: button.id, orderId }));
    } finally {
      await allowWrites();
    }
    expect(first.status).toBe(202);
    expect(first.headers.get("retry-after")).toBe("2");
    const confirming = (await first.json()) as { status: string; paymentId: string; message: string };
    expect(confirming.status).toBe("confirming");
    expect(confirming.paymentId).not.toBe(orderId); // PayPal's capture id: PayPal answered before the write failed
    expect(confirming.message).toContain(`PayPal reference ${confirming.paymentId}`);
    expect(await db.transaction.count({ where: { paypalOrderId: orderId } })).toBe(0);

    // Asking again records PayPal's capture, once, without capturing twice.
    const second = await postJson("capture", JSON.stringify({ buttonId: button.id, orderId }));
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ status: "completed", paymentId: confirming.paymentId });
    expect(await db.transaction.findMany({ where: { paypalOrderId: orderId } })).toMatchObject([
      { paypalTransactionId: confirming.paymentId, status: "completed" },
    ]);
  });

  it("answers a new checkout 503 'busy' while the database queue is long, and still captures approved orders", async () => {
    const { button } = await createSeller(db);
    const { orderId } = (await (await postJson("orders", JSON.stringify({ buttonId: button.id }))).json()) as {
      orderId: string;
    };
    await approveOrder(orderId);
    const pool = poolOf(db);
    // Every connection taken and more requests than the limit waiting for one, as in a burst of buyers.
    const held = Array.from({ length: (pool.options.max ?? 10) + env.CHECKOUT_BUSY_QUEUE + 1 }, () => pool.connect());
    let busy: Response;
    let capture: Promise<Response>;
    try {
      expect(pool.waitingCount).toBeGreaterThan(env.CHECKOUT_BUSY_QUEUE);
      busy = await postJson("orders", JSON.stringify({ buttonId: button.id }));
      capture = postJson("capture", JSON.stringify({ buttonId: button.id, orderId }));
    } finally {
      for (const client of held) void client.then((connection) => connection.release());
    }
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("2");
    expect(await busy.json()).toEqual({
      error: {
        code: "BUSY",
        message: "We are very busy right now and nothing was charged. Please try again in a moment.",
      },
    });
    const captured = await capture;
    expect(captured.status).toBe(200);
    expect(await captured.json()).toMatchObject({ status: "completed" });
  });

  it("passes PayPal's decline issue to the page so it can restart", async () => {
    const { button } = await createSeller(db);
    const { orderId } = (await (await postJson("orders", JSON.stringify({ buttonId: button.id }))).json()) as {
      orderId: string;
    };
    await approveOrder(orderId, "declined-card");
    const response = await postJson("capture", JSON.stringify({ buttonId: button.id, orderId }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        code: "PAYMENT_FAILED",
        message: "Your payment method was declined. Please try another one.",
        issue: "INSTRUMENT_DECLINED",
      },
    });
  });
});

type SdkOptions = {
  style: Record<string, unknown>;
  createOrder?: () => Promise<string>;
  onApprove?: (data: { orderID: string }, actions: { restart: () => void }) => Promise<void>;
  onCancel?: () => void;
  onError?: (error: Error) => void;
};

/**
 * Just enough of a merchant's page for the loader: the placeholder div, <head> to add the SDK script to,
 * location, and a fetch that reaches our route handlers (cross-origin, as from a merchant's site). alert() and
 * confirm() exist, as in a browser, only to prove the loader never calls them.
 */
/** A merchant's page with the button's loader run and PayPal's SDK rendered: the options the loader gave PayPal. */
async function renderedButton(buttonId: string) {
  const page = fakePage(buttonId);
  page.run(await (await getScript(`${buttonId}.js`)).text());
  const rendered = page.installSdk(page.scripts[0]!.attributes["data-namespace"]!);
  page.scripts[0]!.onload!();
  return { page, options: await rendered };
}

function fakePage(buttonId: string) {
  const container = fakeElement("div");
  const scripts: FakeElement[] = [];
  const dialogs: string[] = [];
  const window: Record<string, unknown> & { location: { href: string } } = {
    location: { href: "https://shop.example.com/product" },
    paypal: "the host page's own",
  };
  const document: Record<string, unknown> = {
    readyState: "complete",
    getElementById: (id: string) => (id === `popkit-button-${buttonId}` ? container : null),
    addEventListener: () => {},
    createElement: fakeElement,
    head: {
      appendChild(script: FakeElement) {
        scripts.push(script);
        // The checkout script (GET /api/button/checkout) runs as in a browser: from its route, as currentScript.
        if (script.src?.endsWith("/api/button/checkout")) void runScript(script);
      },
    },
  };
  const runScript = async (script: FakeElement) => {
    const source = await (await checkoutScript(new Request(script.src!))).text();
    document.currentScript = script;
    vm.runInNewContext(source, window);
    document.currentScript = null;
    script.onload!();
  };
  const fetchHandler = async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname.replace("/api/checkout/", "");
    return postJson(path, String(init.body));
  };
  const dialog = (message: string) => void dialogs.push(message);
  Object.assign(window, { document, fetch: fetchHandler, alert: dialog, confirm: dialog, console, setTimeout, window });
  onTestFinished(() => expect(dialogs, "native dialogs the loader opened").toEqual([]));
  return {
    container,
    scripts,
    window,
    run: (source: string) => vm.runInNewContext(source, window),
    /** The container's live region with this role: the loader's messages to the buyer. */
    region(role: "status" | "alert") {
      const found = container.children.find((child) => child.getAttribute("role") === role);
      if (!found) throw new Error(`no ${role} region in the button's container`);
      return found;
    },
    /** Puts a fake PayPal namespace where the SDK would, resolving with the options the loader passed. */
    installSdk(namespace: string) {
      return new Promise<SdkOptions>((resolve) => {
        window[namespace] = {
          Buttons: (options: SdkOptions) => ({
            render: (target: FakeElement) => {
              // Its own element, first in the container: the messages go under the button.
              expect(container.children[0]).toBe(target);
              resolve(options);
              return Promise.resolve();
            },
          }),
        };
      });
    },
  };
}
