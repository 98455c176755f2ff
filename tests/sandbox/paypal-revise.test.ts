import { describe, expect, it } from "vitest";
import { listen, newMerchant, paypalSandboxPerFile } from "./paypal-api";

// Subscription changes a seller's app makes (revise, suspend, activate, cancel) and the webhooks PayPal sends for
// them, so the app sees the real sequence.
const { sandbox, call } = paypalSandboxPerFile({ webhookRetryDelaysMs: [20, 40] });

type PlanExtra = { currency?: string; trialDays?: number; productId?: string };

/** A plan on a product of its own unless `productId`. */
const plan = (clientId: string, price: string, extra: PlanExtra = {}) =>
  sandbox().sandbox.createPlan({
    clientId,
    price,
    currency: extra.currency ?? "USD",
    intervalUnit: "MONTH",
    intervalCount: 1,
    ...(extra.trialDays && { trialDays: extra.trialDays }),
    ...(extra.productId && { productId: extra.productId }),
  });

async function subscriber() {
  const merchant = await newMerchant(sandbox());
  const basic = plan(merchant.clientId, "10.00");
  const created = await call("/v1/billing/subscriptions", { token: merchant.token, json: { plan_id: basic } });
  sandbox().sandbox.approveSubscription(created.body.id);
  const id = created.body.id as string;
  const read = async () => (await call(`/v1/billing/subscriptions/${id}`, { token: merchant.token })).body;
  const productId = (await call(`/v1/billing/plans/${basic}`, { token: merchant.token })).body.product_id as string;
  /** Another plan of the subscription's product: one PayPal can revise it to. */
  const sibling = (price: string, extra: PlanExtra = {}) => plan(merchant.clientId, price, { ...extra, productId });
  return { ...merchant, basic, id, read, sibling };
}

const urls = { return_url: "https://shop.example/back?x=1", cancel_url: "https://shop.example/cancelled" };

const revise = (token: string, id: string, json: unknown) =>
  call(`/v1/billing/subscriptions/${id}/revise`, { token, json });

/** Submits the approval page's form as the buyer's browser does; the redirect's target, unfollowed. */
async function submitApproval(approveUrl: string, action: "approve" | "cancel") {
  const token = new URL(approveUrl).searchParams.get("ba_token")!;
  const response = await fetch(new URL(approveUrl).origin + new URL(approveUrl).pathname, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ba_token: token, action }).toString(),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location") };
}

describe("Subscriptions revise", () => {
  it("answers an approve link; the plan changes once the buyer approves, billed from the next billing date", async () => {
    const { token, id, basic, read, sibling } = await subscriber();
    const premium = sibling("25.00", { trialDays: 7 });
    const before = await read();
    const revised = await revise(token, id, { plan_id: premium, application_context: urls });
    expect(revised.status).toBe(200);
    expect(revised.body).toMatchObject({
      plan_id: premium,
      plan_overridden: false,
      effective_time: before.billing_info.next_billing_time,
    });
    const approve = revised.body.links.find((link: { rel: string }) => link.rel === "approve");
    expect(approve).toMatchObject({ method: "GET" });
    expect(approve.href).toMatch(/\/webapps\/billing\/subscriptions\/update\?ba_token=BA-[A-Z0-9]{17}$/);
    // Nothing changes before the buyer approves.
    expect((await read()).plan_id).toBe(basic);

    const pageHtml = await (await fetch(approve.href)).text();
    expect(pageHtml).toContain("Change your subscription");
    expect(pageHtml).toContain("25.00 USD every 1 month");
    const back = await submitApproval(approve.href, "approve");
    expect(back.status).toBe(303);
    const target = new URL(back.location!);
    expect(target.origin + target.pathname).toBe("https://shop.example/back");
    expect(Object.fromEntries(target.searchParams)).toEqual({
      x: "1",
      subscription_id: id,
      ba_token: new URL(approve.href).searchParams.get("ba_token"),
      token: new URL(approve.href).searchParams.get("ba_token"),
    });
    const after = await read();
    expect(after).toMatchObject({ status: "ACTIVE", plan_id: premium });
    expect(after.billing_info.next_billing_time).toBe(before.billing_info.next_billing_time);
    // The next cycle charges the new plan's regular price: its trial is skipped for a running subscription.
    const saleId = sandbox().sandbox.billSubscription(id);
    expect((await call(`/v1/payments/sale/${saleId}`, { token })).body.amount.total).toBe("25.00");
    // The link is used up.
    expect((await submitApproval(approve.href, "approve")).status).toBe(404);
  });

  it("sends the buyer to cancel_url when they cancel, and changes nothing", async () => {
    const { token, id, basic, read, sibling } = await subscriber();
    const revised = await revise(token, id, { plan_id: sibling("25.00"), application_context: urls });
    const approve = revised.body.links.find((link: { rel: string }) => link.rel === "approve").href as string;
    const back = await submitApproval(approve, "cancel");
    expect(back.status).toBe(303);
    expect(back.location).toMatch(/^https:\/\/shop\.example\/cancelled\?subscription_id=/);
    expect((await read()).plan_id).toBe(basic);
  });

  it("refuses another app's plan, an inactive plan, another currency and an ended subscription", async () => {
    const { clientId, token, id, read } = await subscriber();
    const foreign = await revise(token, id, { plan_id: plan((await newMerchant(sandbox())).clientId, "5.00") });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({
      name: "RESOURCE_NOT_FOUND",
      details: [{ issue: "INVALID_RESOURCE_ID", field: "/plan_id" }],
    });

    const inactive = plan(clientId, "12.00");
    expect((await call(`/v1/billing/plans/${inactive}/deactivate`, { token, json: {} })).status).toBe(204);
    const refused = await revise(token, id, { plan_id: inactive });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: "PLAN_STATUS_INVALID" }] });

    const euros = await revise(token, id, { plan_id: plan(clientId, "9.00", { currency: "EUR" }) });
    expect(euros.status).toBe(422);
    expect(euros.body.details[0].issue).toBe("CURRENCY_MISMATCH");

    expect((await revise(token, id, {})).body.details[0]).toMatchObject({
      issue: "MISSING_REQUIRED_PARAMETER",
      field: "/plan_id",
    });
    const stranger = await newMerchant(sandbox());
    expect((await revise(stranger.token, id, { plan_id: plan(clientId, "11.00") })).status).toBe(403);

    await call(`/v1/billing/subscriptions/${id}/cancel`, { token, json: { reason: "Done" } });
    const ended = await revise(token, id, { plan_id: plan(clientId, "11.00") });
    expect(ended.status).toBe(422);
    expect(ended.body.details[0]).toMatchObject({
      issue: "SUBSCRIPTION_STATUS_INVALID",
      description: "Invalid subscription status for revise action; subscription status should be active or suspended.",
    });
    expect((await read()).status).toBe("CANCELLED");
  });

  it("revises only to a plan of the same product, as PayPal does; the sandbox control makes several per product", async () => {
    const { clientId, token, id, basic, read } = await subscriber();
    const productOf = async (planId: string) =>
      (await call(`/v1/billing/plans/${planId}`, { token })).body.product_id as string;
    const product = await productOf(basic);

    const elsewhere = await revise(token, id, { plan_id: plan(clientId, "25.00"), application_context: urls });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body).toMatchObject({
      name: "UNPROCESSABLE_ENTITY",
      details: [
        {
          issue: "PLAN_PRODUCT_NOT_COMPATIBLE",
          description: "The old and the new plans should be for the same product.",
        },
      ],
    });
    expect((await read()).plan_id).toBe(basic);

    const planBody = {
      client_id: clientId,
      price: "25.00",
      currency: "USD",
      interval_unit: "MONTH",
      interval_count: 1,
    };
    const premium = await call("/__sandbox/plans", { json: { ...planBody, product_id: product } });
    expect(premium.status).toBe(201);
    expect(premium.body.product_id).toBe(product);
    const yearly = await call("/__sandbox/plans", {
      json: { ...planBody, price: "99.00", interval_unit: "YEAR", product_id: product },
    });
    expect(yearly.body.product_id).toBe(product);
    expect(yearly.body.id).not.toBe(premium.body.id);
    const revised = await revise(token, id, { plan_id: premium.body.id, application_context: urls });
    expect(revised.status).toBe(200);
    expect(revised.body.plan_id).toBe(premium.body.id);

    // A product that is not this app's, or not a product id at all, is refused like the rest of bad input.
    const foreign = await call("/__sandbox/plans", {
      json: { ...planBody, client_id: (await newMerchant(sandbox())).clientId, product_id: product },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details[0]).toMatchObject({ issue: "INVALID_PARAMETER_VALUE", field: "/product_id" });
    for (const productId of ["PROD-NOSUCHPRODUCT", 42, null, ""]) {
      const bad = await call("/__sandbox/plans", { json: { ...planBody, product_id: productId } });
      expect(bad.status).toBe(400);
      expect(bad.body.name).toBe("INVALID_REQUEST");
    }
  });

  it("will not apply an approval that comes after the subscription was cancelled", async () => {
    const { token, id, basic, read, sibling } = await subscriber();
    const revised = await revise(token, id, { plan_id: sibling("25.00"), application_context: urls });
    await call(`/v1/billing/subscriptions/${id}/cancel`, { token, json: { reason: "Done" } });
    const approve = revised.body.links.find((link: { rel: string }) => link.rel === "approve").href as string;
    expect((await submitApproval(approve, "approve")).status).toBe(422);
    expect((await read()).plan_id).toBe(basic);
  });
});

describe("Webhooks of subscription changes", () => {
  it("sends SUSPENDED, ACTIVATED, UPDATED and CANCELLED for suspend, activate, an approved revise and cancel", async () => {
    const { clientId, token, id, sibling } = await subscriber();
    const listener = await listen();
    sandbox().sandbox.registerWebhook(clientId, listener.url, [
      "BILLING.SUBSCRIPTION.SUSPENDED",
      "BILLING.SUBSCRIPTION.ACTIVATED",
      "BILLING.SUBSCRIPTION.UPDATED",
      "BILLING.SUBSCRIPTION.CANCELLED",
    ]);
    const act = (action: string) =>
      call(`/v1/billing/subscriptions/${id}/${action}`, { token, json: { reason: `${action} asked` } });
    expect((await act("suspend")).status).toBe(204);
    expect((await act("activate")).status).toBe(204);
    const premium = sibling("25.00");
    await revise(token, id, { plan_id: premium, application_context: urls });
    sandbox().sandbox.approveRevision(id);
    expect((await act("cancel")).status).toBe(204);

    const events = (await listener.next(4)).map((d) => d.event);
    expect(events.map((event) => event.event_type)).toEqual([
      "BILLING.SUBSCRIPTION.SUSPENDED",
      "BILLING.SUBSCRIPTION.ACTIVATED",
      "BILLING.SUBSCRIPTION.UPDATED",
      "BILLING.SUBSCRIPTION.CANCELLED",
    ]);
    expect(events[0]).toMatchObject({
      resource_type: "subscription",
      resource: { id, status: "SUSPENDED", status_change_note: "suspend asked" },
    });
    expect(events[1].resource).toMatchObject({ id, status: "ACTIVE" });
    expect(events[2]).toMatchObject({ summary: "Subscription updated", resource: { id, plan_id: premium } });
    expect(events[3].resource).toMatchObject({ id, status: "CANCELLED", plan_id: premium });
    // A refused action sends nothing.
    expect((await act("cancel")).status).toBe(422);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listener.received).toHaveLength(4);
  });
});
