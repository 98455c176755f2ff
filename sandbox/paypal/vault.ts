import type { IncomingMessage } from "node:http";
import { requireClient } from "./auth";
import {
  type RestContext,
  PayPalError,
  invalidRequest,
  isObject,
  notFound,
  readJsonObject,
  sendJson,
  unprocessable,
} from "./http";
import { detail, missing, paypalSource } from "./order-input";
import { type Order, type Store, type VaultRequest, type VaultToken, nowIso, paypalId, plainCopy } from "./state";

// PayPal's saved wallets: an order asks to save the buyer's PayPal wallet (Orders v2
// payment_source.paypal.attributes.vault), its capture saves it as a Vault v3 payment token, and later orders pay
// with payment_source.paypal.vault_id without the buyer. Issue names, statuses and descriptions are those of
// PayPal's OpenAPI specs (github.com/paypal/paypal-rest-api-specifications, openapi/checkout_orders_v2.json and
// openapi/vault_payment_tokens_v3.json).

const VAULT_PATH = "/payment_source/paypal/attributes/vault";
const VAULT_ID_PATH = "/payment_source/paypal/vault_id";

/** A field's value out of its enum (`fallback` when absent); anything else is PayPal's 400 for that field. */
function oneOf<T extends string>(vault: Record<string, unknown>, key: string, values: readonly T[], fallback?: T): T {
  const value = vault[key] ?? fallback;
  if (values.includes(value as T)) return value as T;
  if (value === undefined) throw missing(`${VAULT_PATH}/${key}`);
  throw invalidRequest([
    detail("INVALID_PARAMETER_VALUE", "A parameter value is not valid.", `${VAULT_PATH}/${key}`, String(value)),
  ]);
}

const syntaxError = (field: string) =>
  invalidRequest([
    detail("INVALID_PARAMETER_SYNTAX", "The value of a field does not conform to the expected format.", field),
  ]);

/**
 * The vault request of a create-order body, validated as PayPal does: schema errors (usage_type is required, enums,
 * types) are 400s; a missing store_in_vault is the 422 VAULT_INSTRUCTION_REQUIRED, and an app not enabled for
 * vaulting gets the 422 NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE (both listed for POST /v2/checkout/orders in
 * checkout_orders_v2.json; PayPal's Payment Method Tokens errors page words the latter the same).
 */
export function parseVaultRequest(store: Store, clientId: string, body: Record<string, unknown>) {
  const attributes = paypalSource(body).attributes;
  if (!isObject(attributes) || attributes.vault === undefined) return undefined;
  const vault = attributes.vault;
  if (!isObject(vault)) throw syntaxError(VAULT_PATH);
  const usageType = oneOf(vault, "usage_type", ["MERCHANT", "PLATFORM"] as const);
  const customerType = oneOf(vault, "customer_type", ["CONSUMER", "BUSINESS"] as const, "CONSUMER");
  const permitMultiple = vault.permit_multiple_payment_tokens ?? false;
  if (typeof permitMultiple !== "boolean") throw syntaxError(`${VAULT_PATH}/permit_multiple_payment_tokens`);
  if (vault.store_in_vault === undefined) {
    throw unprocessable([
      detail(
        "VAULT_INSTRUCTION_REQUIRED",
        "Vault instruction is required. Please use `vault.store_in_vault` to provide vault instruction.",
        `${VAULT_PATH}/store_in_vault`,
      ),
    ]);
  }
  const request: VaultRequest = {
    store_in_vault: oneOf(vault, "store_in_vault", ["ON_SUCCESS"] as const),
    usage_type: usageType,
    customer_type: customerType,
    permit_multiple_payment_tokens: permitMultiple,
  };
  if (store.data.vaultDisabled[clientId]) {
    throw unprocessable([
      detail(
        "NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE",
        "The API caller or the merchant on whose behalf the API call is initiated is not allowed to vault the given source. Please contact PayPal customer support for assistance.",
        VAULT_PATH,
      ),
    ]);
  }
  return request;
}

/**
 * The saved wallet a create-order body pays with (payment_source.paypal.vault_id), if it names one.
 * - Paying needs a PayPal-Request-Id: the 400 PAYPAL_REQUEST_ID_REQUIRED ("A PayPal-Request-Id is required if you
 *   are trying to process payment for an Order", checkout_orders_v2.json).
 * - A vault id that does not exist, was deleted or belongs to another app: the spec lists no issue of its own for
 *   it. PayPal's "Resource not found" page (developer.paypal.com/api/errors/resource-not-found) gives
 *   INVALID_RESOURCE_ID for Orders v2 for an id that does not exist or that the caller has no permission for, so
 *   the sandbox answers 404 RESOURCE_NOT_FOUND / INVALID_RESOURCE_ID on the field, and the same for all three
 *   (another app's token is not revealed to exist).
 */
export function vaultTokenFor(store: Store, req: IncomingMessage, clientId: string, body: Record<string, unknown>) {
  const vaultId = paypalSource(body).vault_id;
  if (vaultId === undefined) return undefined;
  if (typeof vaultId !== "string" || !/^[0-9a-zA-Z_-]{1,255}$/.test(vaultId)) throw syntaxError(VAULT_ID_PATH);
  const requestId = req.headers["paypal-request-id"];
  if (typeof requestId !== "string" || requestId === "") {
    throw invalidRequest([
      {
        field: "PayPal-Request-Id",
        location: "header",
        issue: "PAYPAL_REQUEST_ID_REQUIRED",
        description:
          "A PayPal-Request-Id is required if you are trying to process payment for an Order. Please specify a PayPal-Request-Id or Create the Order without a 'payment_source' specified.",
      },
    ]);
  }
  const token = store.data.vaultTokens[vaultId];
  if (token?.clientId === clientId) return token;
  throw new PayPalError(404, "RESOURCE_NOT_FOUND", [
    {
      field: VAULT_ID_PATH,
      value: vaultId,
      location: "body",
      issue: "INVALID_RESOURCE_ID",
      description: "Specified resource ID does not exist. Please check the resource ID and try again.",
    },
  ]);
}

/**
 * Saves the wallet of an order that asked for it, once its capture went through (store_in_vault ON_SUCCESS).
 * PayPal keeps one token per payer and app unless permit_multiple_payment_tokens, and one customer id per payer
 * and app either way.
 */
export function saveToVault(store: Store, order: Order) {
  const vault = order.vault;
  if (!vault || !order.payer || !order.buyerId) return;
  const payerId = order.payer.payer_id;
  const saved = Object.values(store.data.vaultTokens).find(
    (t) => t.clientId === order.clientId && t.payer.payer_id === payerId,
  );
  let token = vault.permit_multiple_payment_tokens ? undefined : saved;
  if (!token) {
    token = {
      // PayPal's payment token ids are short lower-case alphanumerics (e.g. "8kk8451t").
      id: paypalId(8).toLowerCase(),
      clientId: order.clientId,
      customerId: saved?.customerId ?? paypalId(10),
      buyerId: order.buyerId,
      payer: plainCopy(order.payer),
      usage_type: vault.usage_type,
      customer_type: vault.customer_type,
      create_time: nowIso(),
    };
    store.data.vaultTokens[token.id] = token;
  }
  vault.id = token.id;
  vault.customerId = token.customerId;
}

const tokenUrl = (base: string, id: string) => `${base}/v3/vault/payment-tokens/${id}`;

/**
 * payment_source.paypal.attributes.vault of an order: as requested until the capture saves the wallet (the docs
 * show no id before then), then PayPal's vault response with status VAULTED.
 */
export function vaultAttributes(base: string, order: Order) {
  const { id, customerId, ...request } = order.vault!;
  if (!id) return request;
  return {
    id,
    status: "VAULTED",
    customer: { id: customerId },
    links: [
      { href: tokenUrl(base, id), rel: "self", method: "GET" },
      { href: tokenUrl(base, id), rel: "delete", method: "DELETE" },
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: "up", method: "GET" },
    ],
  };
}

function tokenView(base: string, token: VaultToken) {
  return {
    id: token.id,
    customer: { id: token.customerId },
    payment_source: {
      paypal: {
        usage_type: token.usage_type,
        customer_type: token.customer_type,
        email_address: token.payer.email_address,
        account_id: token.payer.payer_id,
        name: token.payer.name,
        address: token.payer.address,
      },
    },
    links: [
      { href: tokenUrl(base, token.id), rel: "self", method: "GET" },
      { href: tokenUrl(base, token.id), rel: "delete", method: "DELETE" },
    ],
  };
}

/** Another app's token answers like an unknown one, as for vault_id above. */
function ownToken(ctx: RestContext, id: string) {
  const token = ctx.store.data.vaultTokens[id];
  if (!token || token.clientId !== requireClient(ctx.store, ctx.req)) throw notFound(id);
  return token;
}

/** GET /v3/vault/payment-tokens/{id} */
export function getPaymentToken(ctx: RestContext, id: string) {
  sendJson(ctx.res, 200, tokenView(ctx.base, ownToken(ctx, id)));
}

/** DELETE /v3/vault/payment-tokens/{id}: 204, and the token can no longer pay. */
export function deletePaymentToken(ctx: RestContext, id: string) {
  delete ctx.store.data.vaultTokens[ownToken(ctx, id).id];
  ctx.res.writeHead(204).end();
}

/** GET /v3/vault/payment-tokens?customer_id=… (customer_id is required): this app's tokens of that customer. */
export function listPaymentTokens(ctx: RestContext, query: URLSearchParams) {
  const clientId = requireClient(ctx.store, ctx.req);
  const customerId = query.get("customer_id");
  if (!customerId) {
    throw invalidRequest([
      {
        field: "customer_id",
        location: "query",
        issue: "MISSING_REQUIRED_PARAMETER",
        description: "A required field / parameter is missing.",
      },
    ]);
  }
  const tokens = Object.values(ctx.store.data.vaultTokens).filter(
    (t) => t.clientId === clientId && t.customerId === customerId,
  );
  sendJson(ctx.res, 200, {
    customer: { id: customerId },
    payment_tokens: tokens.map((t) => tokenView(ctx.base, t)),
    links: [
      {
        href: `${ctx.base}/v3/vault/payment-tokens?customer_id=${encodeURIComponent(customerId)}`,
        rel: "self",
        method: "GET",
      },
    ],
  });
}

/** As the merchant in PayPal's developer dashboard: the app's "Save payment methods" setting (on by default). */
export function setVaulting(store: Store, clientId: string, enabled: boolean) {
  if (enabled) delete store.data.vaultDisabled[clientId];
  else store.data.vaultDisabled[clientId] = true;
}

/** POST /__sandbox/vault {client_id, enabled: boolean} */
export async function handleVaulting(ctx: RestContext) {
  const body = await readJsonObject(ctx.req);
  if (typeof body.client_id !== "string" || body.client_id === "" || typeof body.enabled !== "boolean") {
    throw invalidRequest([
      { issue: "INVALID_PARAMETER_VALUE", description: "client_id and enabled (true or false) are required." },
    ]);
  }
  setVaulting(ctx.store, body.client_id, body.enabled);
  sendJson(ctx.res, 200, { client_id: body.client_id, enabled: body.enabled });
}
