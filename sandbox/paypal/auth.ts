import { createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PayPalError, readForm, sendJson } from "./http";
import { sandboxSecretFor } from "./identities";
import type { Store } from "./state";

const TOKEN_TTL_SECONDS = 32_400; // PayPal's access tokens live 9 hours.

const safeEqual = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A client id has one valid secret: the registered one, else the one derived from the id. */
export function expectedSecret(store: Store, clientId: string): string {
  return store.data.credentials[clientId] ?? sandboxSecretFor(clientId);
}

const sign = (store: Store, payload: string) =>
  createHmac("sha256", store.data.tokenKey).update(payload).digest("base64url");

/** Tokens are self-contained (client id + expiry, signed), so they need no table and survive restarts. */
export function issueToken(store: Store, clientId: string) {
  const payload = Buffer.from(JSON.stringify({ c: clientId, e: Date.now() + TOKEN_TTL_SECONDS * 1000 })).toString(
    "base64url",
  );
  return { access_token: `A21AA${payload}.${sign(store, payload)}`, expires_in: TOKEN_TTL_SECONDS };
}

function clientIdFromToken(store: Store, token: string): string | undefined {
  const match = /^A21AA([\w-]+)\.([\w-]+)$/.exec(token);
  if (!match || !safeEqual(match[2]!, sign(store, match[1]!))) return undefined;
  const { c, e } = JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")) as { c: string; e: number };
  return e > Date.now() ? c : undefined;
}

/** The client id behind the request's bearer token; every /v1 and /v2 call needs one. */
export function requireClient(store: Store, req: IncomingMessage): string {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  const clientId = match ? clientIdFromToken(store, match[1]!) : undefined;
  if (!clientId) throw new PayPalError(401, "AUTHENTICATION_FAILURE");
  return clientId;
}

/** POST /v1/oauth2/token: client credentials in HTTP Basic, form body grant_type=client_credentials. */
export async function handleOAuthToken(store: Store, req: IncomingMessage, res: ServerResponse) {
  const form = await readForm(req);
  const basic = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  const decoded = basic ? Buffer.from(basic[1]!, "base64").toString("utf8") : "";
  const colon = decoded.indexOf(":");
  const clientId = colon > 0 ? decoded.slice(0, colon) : "";
  if (!clientId || !safeEqual(decoded.slice(colon + 1), expectedSecret(store, clientId))) {
    sendJson(res, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
    return;
  }
  const grantType = form.get("grant_type");
  if (grantType !== "client_credentials") {
    sendJson(res, 400, {
      error: "unsupported_grant_type",
      error_description: grantType ? `Grant Type ${grantType} is not supported` : "Grant Type is NULL",
    });
    return;
  }
  sendJson(res, 200, {
    scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/subscriptions",
    ...issueToken(store, clientId),
    token_type: "Bearer",
    app_id: `APP-${clientId.slice(0, 12).toUpperCase()}`,
    nonce: `${new Date().toISOString()}${Math.random().toString(36).slice(2)}`,
  });
}
