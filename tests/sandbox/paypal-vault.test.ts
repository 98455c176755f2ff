import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startPayPalSandbox } from "../../sandbox/paypal";
import { type CallInit, caller, listen, newMerchant, paypalSandboxPerFile } from "./paypal-api";

const { sandbox, call } = paypalSandboxPerFile();

const SAVE = { store_in_vault: "ON_SUCCESS", usage_type: "MERCHANT", customer_type: "CONSUMER" };

const order = (paypal: Record<string, unknown>, value = "10.00") => ({
  intent: "CAPTURE",
  purchase_units: [{ amount: { currency_code: "USD", value }, custom_id: "upsell_7" }],
  payment_source: { paypal },
});

const representation = { prefer: "return=representation" };

/** A first order that asks to save the wallet, approved by `buyer` and captured: the capture's answer. */
async function buyAndSave(token: string, buyer = "alex", run = call) {
  const created = await run("/v2/checkout/orders", { token, json: order({ attributes: { vault: SAVE } }) });
  expect(created.status).toBe(201);
  await run(`/__sandbox/orders/${created.body.id}/approve`, { json: { buyer } });
  const captured = await run(`/v2/checkout/orders/${created.body.id}/capture`, {
    token,
    json: {},
    headers: representation,
  });
  expect(captured.status).toBe(201);
  return captured.body;
}

/** An order paid with a saved wallet, as the app's server makes it. */
const payWithVault = (token: string, vaultId: string, init: CallInit = {}, run = call) =>
  run("/v2/checkout/orders", {
    token,
    json: order({ vault_id: vaultId }, "4.00"),
    ...init,
    headers: { "paypal-request-id": randomUUID(), ...representation, ...init.headers },
  });

const capturesOf = (body: { purchase_units: { payments?: { captures: unknown[] } }[] }) =>
  body.purchase_units.flatMap((unit) => unit.payments?.captures ?? []);

describe("saving the wallet on purchase", () => {
  it("shows the vault request before the capture and the saved token after it", async () => {
    const { token } = await newMerchant(sandbox());
    const created = await call("/v2/checkout/orders", {
      token,
      json: order({ attributes: { vault: SAVE } }),
      headers: representation,
    });
    expect(created.status).toBe(201);
    const before = created.body.payment_source.paypal.attributes.vault;
    expect(before).toEqual({ ...SAVE, permit_multiple_payment_tokens: false });
    await call(`/__sandbox/orders/${created.body.id}/approve`, { json: { buyer: "alex" } });
    expect(
      (await call(`/v2/checkout/orders/${created.body.id}`, { token })).body.payment_source.paypal.attributes,
    ).toEqual({ vault: { ...SAVE, permit_multiple_payment_tokens: false } });

    const captured = await call(`/v2/checkout/orders/${created.body.id}/capture`, {
      token,
      json: {},
      headers: representation,
    });
    const vault = captured.body.payment_source.paypal.attributes.vault;
    expect(vault).toMatchObject({ status: "VAULTED", customer: { id: expect.any(String) } });
    expect(vault.id).toMatch(/^[a-z0-9]{8}$/);
    expect(vault.links).toContainEqual({
      href: `${sandbox().url}/v3/vault/payment-tokens/${vault.id}`,
      rel: "delete",
      method: "DELETE",
    });
    const got = await call(`/v2/checkout/orders/${created.body.id}`, { token });
    expect(got.body.payment_source.paypal.attributes.vault).toEqual(vault);

    const saved = await call(`/v3/vault/payment-tokens/${vault.id}`, { token });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      id: vault.id,
      customer: { id: vault.customer.id },
      payment_source: { paypal: { email_address: "alex.buyer@buyer.example.com", account_id: "ALEXBUY3R7Q2L" } },
    });
    const listed = await call(`/v3/vault/payment-tokens?customer_id=${vault.customer.id}`, { token });
    expect(listed.body.payment_tokens.map((t: { id: string }) => t.id)).toEqual([vault.id]);
  });

  it("keeps one token per buyer and app, and saves nothing when the capture is declined", async () => {
    const { token } = await newMerchant(sandbox());
    const first = await buyAndSave(token);
    const second = await buyAndSave(token);
    expect(second.payment_source.paypal.attributes.vault.id).toBe(first.payment_source.paypal.attributes.vault.id);

    const declined = await buyAndSave(token, "capture-declined");
    expect(capturesOf(declined)[0]).toMatchObject({ status: "DECLINED" });
    expect(declined.payment_source.paypal.attributes.vault.id).toBeUndefined();
  });

  it("validates the vault request with PayPal's issues", async () => {
    const { token } = await newMerchant(sandbox());
    const cases: [unknown, number, string, string][] = [
      [{ store_in_vault: "ON_SUCCESS" }, 400, "MISSING_REQUIRED_PARAMETER", "usage_type"],
      [{ ...SAVE, usage_type: "SOMEONE" }, 400, "INVALID_PARAMETER_VALUE", "usage_type"],
      [{ ...SAVE, customer_type: "ROBOT" }, 400, "INVALID_PARAMETER_VALUE", "customer_type"],
      [{ ...SAVE, store_in_vault: "ALWAYS" }, 400, "INVALID_PARAMETER_VALUE", "store_in_vault"],
      [
        { ...SAVE, permit_multiple_payment_tokens: "yes" },
        400,
        "INVALID_PARAMETER_SYNTAX",
        "permit_multiple_payment_tokens",
      ],
      [{ usage_type: "MERCHANT" }, 422, "VAULT_INSTRUCTION_REQUIRED", "store_in_vault"],
    ];
    for (const [vault, status, issue, field] of cases) {
      const answer = await call("/v2/checkout/orders", { token, json: order({ attributes: { vault } }) });
      expect(answer.status).toBe(status);
      expect(answer.body.details[0]).toMatchObject({
        issue,
        field: `/payment_source/paypal/attributes/vault/${field}`,
      });
    }
  });
});

describe("apps not allowed to vault", () => {
  it("refuses to create an order that asks to save the wallet, until vaulting is switched back on", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    expect((await call("/__sandbox/vault", { json: { client_id: clientId, enabled: false } })).status).toBe(200);
    const refused = await call("/v2/checkout/orders", { token, json: order({ attributes: { vault: SAVE } }) });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      name: "UNPROCESSABLE_ENTITY",
      details: [{ issue: "NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE", field: "/payment_source/paypal/attributes/vault" }],
    });
    // An order without the vault request still works.
    expect((await call("/v2/checkout/orders", { token, json: order({}) })).status).toBe(201);

    sandbox().sandbox.setVaulting(clientId, true);
    const saved = await buyAndSave(token);
    expect(saved.payment_source.paypal.attributes.vault.status).toBe("VAULTED");
  });
});

describe("paying with a saved wallet", () => {
  it("charges without approval: COMPLETED at create, same payer, capture webhook", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const listener = await listen();
    sandbox().sandbox.registerWebhook(clientId, listener.url, ["PAYMENT.CAPTURE.COMPLETED"]);
    const first = await buyAndSave(token);

    const paid = await payWithVault(token, first.payment_source.paypal.attributes.vault.id);
    expect(paid.status).toBe(201);
    expect(paid.body.status).toBe("COMPLETED");
    expect(paid.body.payer).toEqual(first.payer);
    expect(paid.body.links.map((l: { rel: string }) => l.rel)).toEqual(["self"]);
    const [capture] = capturesOf(paid.body) as { id: string; status: string; amount: { value: string } }[];
    expect(capture).toMatchObject({ status: "COMPLETED", amount: { value: "4.00" }, custom_id: "upsell_7" });
    expect((await call(`/v2/payments/captures/${capture!.id}`, { token })).body.status).toBe("COMPLETED");

    const events = await listener.next(2);
    expect(events.map((e) => e.event.resource.id)).toContain(capture!.id);
  });

  it("answers a repeated PayPal-Request-Id with the same order and never charges twice", async () => {
    const { token } = await newMerchant(sandbox());
    const vaultId = (await buyAndSave(token)).payment_source.paypal.attributes.vault.id;
    const headers = { "paypal-request-id": randomUUID() };
    const first = await payWithVault(token, vaultId, { headers });
    const again = await payWithVault(token, vaultId, { headers });
    expect(again).toEqual(first);
    const other = await payWithVault(token, vaultId);
    expect(other.body.id).not.toBe(first.body.id);
  });

  it("requires a PayPal-Request-Id", async () => {
    const { token } = await newMerchant(sandbox());
    const vaultId = (await buyAndSave(token)).payment_source.paypal.attributes.vault.id;
    const answer = await call("/v2/checkout/orders", { token, json: order({ vault_id: vaultId }) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      name: "INVALID_REQUEST",
      details: [{ issue: "PAYPAL_REQUEST_ID_REQUIRED", location: "header" }],
    });
  });

  it("refuses another app's, an unknown and a deleted vault id with 404 INVALID_RESOURCE_ID", async () => {
    const owner = await newMerchant(sandbox());
    const stranger = await newMerchant(sandbox());
    const vaultId = (await buyAndSave(owner.token)).payment_source.paypal.attributes.vault.id;
    const refused = async (token: string, id: string) => {
      const answer = await payWithVault(token, id);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({
        name: "RESOURCE_NOT_FOUND",
        details: [{ issue: "INVALID_RESOURCE_ID", field: "/payment_source/paypal/vault_id", value: id }],
      });
    };
    await refused(stranger.token, vaultId);
    expect((await call(`/v3/vault/payment-tokens/${vaultId}`, { token: stranger.token })).status).toBe(404);
    expect(
      (await call(`/v3/vault/payment-tokens/${vaultId}`, { token: stranger.token, method: "DELETE" })).status,
    ).toBe(404);
    await refused(owner.token, "nosuch1");

    expect((await call(`/v3/vault/payment-tokens/${vaultId}`, { token: owner.token, method: "DELETE" })).status).toBe(
      204,
    );
    const gone = await call(`/v3/vault/payment-tokens/${vaultId}`, { token: owner.token });
    expect(gone.status).toBe(404);
    expect(gone.body.details[0].issue).toBe("INVALID_RESOURCE_ID");
    await refused(owner.token, vaultId);
  });
});

describe("saved wallets on disk", () => {
  it("survive a restart of the sandbox", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "paypal-vault-"));
    try {
      let running = await startPayPalSandbox({ dataDir });
      const run = caller(() => running);
      const { token } = await newMerchant(running);
      const vaultId = (await buyAndSave(token, "alex", run)).payment_source.paypal.attributes.vault.id;
      await running.close();
      running = await startPayPalSandbox({ dataDir });
      try {
        const paid = await payWithVault(token, vaultId, {}, run);
        expect(paid.body.status).toBe("COMPLETED");
      } finally {
        await running.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
