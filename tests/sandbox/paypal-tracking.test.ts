import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { startPayPalSandbox } from "../../sandbox/paypal";
import { caller, newMerchant, paypalSandboxPerFile } from "./paypal-api";
import { orderBody } from "./shipping-store";

// The Orders API's package tracking: trackers on a captured order, as the merchant adds and cancels them.

const { sandbox, call } = paypalSandboxPerFile();

const TRACKING_NUMBER = "9400111899223100012345";

/** A captured order of two posters shipped to the buyer's address; `buyer` decides the capture's outcome. */
async function capturedOrder(buyer = "alex", running = sandbox(), request = call) {
  const merchant = await newMerchant(running);
  const id = (await request("/v2/checkout/orders", { token: merchant.token, json: orderBody() })).body.id as string;
  await request(`/__sandbox/orders/${id}/approve`, { json: { buyer } });
  const captured = await request(`/v2/checkout/orders/${id}/capture`, { token: merchant.token, json: {} });
  return { ...merchant, id, captureId: captured.body.purchase_units[0].payments.captures[0].id as string };
}

const track = (token: string, id: string, json: Record<string, unknown>) =>
  call(`/v2/checkout/orders/${id}/track`, { token, json });
const patch = (token: string, id: string, trackerId: string, json: unknown) =>
  call(`/v2/checkout/orders/${id}/trackers/${encodeURIComponent(trackerId)}`, { token, json, method: "PATCH" });
const held = async (id: string) => (await call(`/__sandbox/orders/${id}/trackers`)).body.trackers;

describe("adding a tracker", () => {
  it("answers 201 with the order and its tracker, and keeps the carrier, number and notify_payer", async () => {
    const { token, id, captureId } = await capturedOrder();
    const items = [{ name: "Poster", quantity: "2", sku: "POSTER-A2" }];
    const tracked = await track(token, id, {
      capture_id: captureId,
      tracking_number: TRACKING_NUMBER,
      carrier: "USPS",
      notify_payer: true,
      items,
    });
    expect(tracked.status).toBe(201);
    const shipping = tracked.body.purchase_units[0].shipping;
    expect(shipping.address).toMatchObject({ address_line_1: "2211 N First Street", postal_code: "95131" });
    const trackerId = `${captureId}-${TRACKING_NUMBER}`;
    expect(shipping.trackers).toEqual([
      {
        id: trackerId,
        status: "SHIPPED",
        items,
        links: expect.arrayContaining([expect.objectContaining({ rel: "up", method: "GET" })]),
        create_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        update_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const read = (await call(`/v2/checkout/orders/${id}`, { token })).body;
    expect(read.purchase_units[0].shipping.trackers[0].id).toBe(trackerId);
    expect(await held(id)).toEqual([
      expect.objectContaining({
        id: trackerId,
        capture_id: captureId,
        tracking_number: TRACKING_NUMBER,
        carrier: "USPS",
        notify_payer: true,
        status: "SHIPPED",
      }),
    ]);
  });

  it("answers a repeat of the same capture and number with 200 and no second tracker", async () => {
    const { token, id, captureId } = await capturedOrder();
    const body = { capture_id: captureId, tracking_number: TRACKING_NUMBER, carrier: "UPS" };
    expect((await track(token, id, body)).status).toBe(201);
    const again = await track(token, id, body);
    expect(again.status).toBe(200);
    expect(again.body.purchase_units[0].shipping.trackers).toHaveLength(1);
    expect((await track(token, id, { ...body, tracking_number: "1Z999AA10123456784" })).status).toBe(201);
    expect(await held(id)).toHaveLength(2);
  });

  it("takes OTHER with the carrier's name only", async () => {
    const { token, id, captureId } = await capturedOrder();
    const other = { capture_id: captureId, tracking_number: TRACKING_NUMBER, carrier: "OTHER" };
    const unnamed = await track(token, id, other);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.details[0]).toMatchObject({
      issue: "MISSING_REQUIRED_PARAMETER",
      field: "/carrier_name_other",
    });
    expect((await track(token, id, { ...other, carrier_name_other: "Bike Couriers" })).status).toBe(201);
    expect((await held(id))[0]).toMatchObject({ carrier: "OTHER", carrier_name_other: "Bike Couriers" });
  });

  it.each([
    [
      { capture_id: undefined, tracking_number: TRACKING_NUMBER, carrier: "USPS" },
      "MISSING_REQUIRED_PARAMETER",
      "/capture_id",
    ],
    [{ carrier: "USPS" }, "MISSING_REQUIRED_PARAMETER", "/tracking_number"],
    [{ tracking_number: "1".repeat(65), carrier: "USPS" }, "INVALID_STRING_LENGTH", "/tracking_number"],
    [{ tracking_number: TRACKING_NUMBER }, "MISSING_REQUIRED_PARAMETER", "/carrier"],
    // PayPal's Canada Post is CA_CANADA_POST; there is no CANADA_POST.
    [{ tracking_number: TRACKING_NUMBER, carrier: "CANADA_POST" }, "INVALID_PARAMETER_VALUE", "/carrier"],
    [
      { tracking_number: TRACKING_NUMBER, carrier: "USPS", notify_payer: "yes" },
      "INVALID_PARAMETER_SYNTAX",
      "/notify_payer",
    ],
  ])("refuses %j with 400 %s", async (body, issue, field) => {
    const { token, id, captureId } = await capturedOrder();
    const answer = await track(token, id, { capture_id: captureId, ...body });
    expect(answer.status).toBe(400);
    expect(answer.body.details[0]).toMatchObject({ issue, field });
  });

  it("accepts any carrier PayPal names", async () => {
    const { token, id, captureId } = await capturedOrder();
    for (const carrier of ["CA_CANADA_POST", "AU_AU_POST", "DEUTSCHE_DE", "DHL_API", "ROYAL_MAIL", "FEDEX"]) {
      const answer = await track(token, id, { capture_id: captureId, tracking_number: `N-${carrier}`, carrier });
      expect(answer.status).toBe(201);
    }
  });

  it("refuses a capture of another order, of no order, and an order not captured yet", async () => {
    const { token, id } = await capturedOrder();
    const other = await capturedOrder();
    const approvedOnly = (await call("/v2/checkout/orders", { token, json: orderBody() })).body.id;
    await call(`/__sandbox/orders/${approvedOnly}/approve`, { json: { buyer: "alex" } });
    for (const [orderId, captureId] of [
      [id, other.captureId],
      [id, "NOSUCHCAPTURE1234"],
      [approvedOnly, other.captureId],
    ] as const) {
      const answer = await track(token, orderId, { capture_id: captureId, tracking_number: "1", carrier: "USPS" });
      expect(answer.status).toBe(422);
      expect(answer.body.details[0]).toMatchObject({ issue: "CAPTURE_ID_NOT_FOUND", field: "/capture_id" });
    }
  });

  it("refuses a capture that is not COMPLETED", async () => {
    const { token, id, captureId } = await capturedOrder("capture-declined");
    const answer = await track(token, id, { capture_id: captureId, tracking_number: "1", carrier: "USPS" });
    expect(answer.status).toBe(422);
    expect(answer.body.details[0].issue).toBe("CAPTURE_STATUS_NOT_VALID");
  });

  it("refuses an item whose sku the order does not have", async () => {
    const { token, id, captureId } = await capturedOrder();
    const answer = await track(token, id, {
      capture_id: captureId,
      tracking_number: "1",
      carrier: "USPS",
      items: [{ name: "Mug", quantity: "1", sku: "MUG-1" }],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.details[0]).toMatchObject({ issue: "ITEM_SKU_MISMATCH", field: "/items/0/sku" });
  });

  it("is the order's own client's only", async () => {
    const { id, captureId } = await capturedOrder();
    const stranger = await newMerchant(sandbox());
    const body = { capture_id: captureId, tracking_number: "1", carrier: "USPS" };
    const forbidden = await track(stranger.token, id, body);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({ name: "NOT_AUTHORIZED", details: [{ issue: "PERMISSION_DENIED" }] });
    const unknown = await track(stranger.token, "NOSUCHORDER123456", body);
    expect(unknown.status).toBe(404);
    expect(unknown.body.name).toBe("RESOURCE_NOT_FOUND");
    expect((await call(`/v2/checkout/orders/${id}/track`, { json: body })).status).toBe(401);
  });
});

describe("updating a tracker", () => {
  async function tracked(trackingNumber = TRACKING_NUMBER) {
    const order = await capturedOrder();
    const body = { capture_id: order.captureId, tracking_number: trackingNumber, carrier: "USPS", notify_payer: true };
    expect((await track(order.token, order.id, body)).status).toBe(201);
    return { ...order, trackerId: `${order.captureId}-${trackingNumber}` };
  }

  it("cancels it with a JSON Patch and answers 204", async () => {
    const { token, id, trackerId } = await tracked("LX 123 456 789 DE");
    const answer = await patch(token, id, trackerId, [{ op: "replace", path: "/status", value: "CANCELLED" }]);
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    const read = (await call(`/v2/checkout/orders/${id}`, { token })).body;
    expect(read.purchase_units[0].shipping.trackers[0]).toMatchObject({ id: trackerId, status: "CANCELLED" });
  });

  it("changes notify_payer and the items", async () => {
    const { token, id, trackerId } = await tracked();
    const items = [{ name: "Poster", quantity: "1", sku: "POSTER-A2" }];
    const answer = await patch(token, id, trackerId, [
      { op: "replace", path: "/notify_payer", value: false },
      { op: "replace", path: "/items", value: items },
    ]);
    expect(answer.status).toBe(204);
    expect((await held(id))[0]).toMatchObject({ notify_payer: false, items, status: "SHIPPED" });
  });

  it.each([
    [[{ op: "replace", path: "/status", value: "SHIPPED" }], 400, "INVALID_PARAMETER_VALUE"],
    [[{ op: "remove", path: "/status" }], 400, "INVALID_PATCH_OPERATION"],
    [[{ op: "replace", path: "/tracking_number", value: "2" }], 400, "FIELD_NOT_PATCHABLE"],
    [[{ op: "replace", path: "/status" }], 422, "PATCH_VALUE_REQUIRED"],
    [[{ op: "replace", value: "CANCELLED" }], 422, "PATCH_PATH_REQUIRED"],
    [[{ op: "replace", path: "status", value: "CANCELLED" }], 422, "INVALID_JSON_POINTER_FORMAT"],
    [[{ op: "frobnicate", path: "/status", value: "CANCELLED" }], 400, "INVALID_PARAMETER_VALUE"],
    [{ op: "replace", path: "/status", value: "CANCELLED" }, 400, "MALFORMED_REQUEST_JSON"],
  ])("refuses %j with %i %s and changes nothing", async (body, status, issue) => {
    const { token, id, trackerId } = await tracked();
    const answer = await patch(token, id, trackerId, body);
    expect(answer.status).toBe(status);
    expect(answer.body.details[0].issue).toBe(issue);
    expect((await held(id))[0].status).toBe("SHIPPED");
  });

  it("answers 404 TRACKER_ID_NOT_FOUND for another tracker, and 403 to another client", async () => {
    const { token, id, trackerId } = await tracked();
    const cancel = [{ op: "replace", path: "/status", value: "CANCELLED" }];
    const unknown = await patch(token, id, `${trackerId}0`, cancel);
    expect(unknown.status).toBe(404);
    expect(unknown.body.details[0].issue).toBe("TRACKER_ID_NOT_FOUND");
    const stranger = await newMerchant(sandbox());
    expect((await patch(stranger.token, id, trackerId, cancel)).status).toBe(403);
  });
});

it("keeps trackers across a restart of the sandbox", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "paypal-trackers-"));
  onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
  let running = await startPayPalSandbox({ dataDir });
  const request = caller(() => running);
  const { token, id, captureId } = await capturedOrder("alex", running, request);
  const body = { capture_id: captureId, tracking_number: TRACKING_NUMBER, carrier: "DHL", notify_payer: true };
  expect((await request(`/v2/checkout/orders/${id}/track`, { token, json: body })).status).toBe(201);
  await running.close();
  running = await startPayPalSandbox({ dataDir });
  try {
    expect((await request(`/__sandbox/orders/${id}/trackers`)).body.trackers).toEqual([
      expect.objectContaining({ tracking_number: TRACKING_NUMBER, carrier: "DHL", notify_payer: true }),
    ]);
    const read = await request(`/v2/checkout/orders/${id}`, { token });
    expect(read.body.purchase_units[0].shipping.trackers[0].id).toBe(`${captureId}-${TRACKING_NUMBER}`);
  } finally {
    await running.close();
  }
});
