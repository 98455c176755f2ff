import { readFileSync } from "node:fs";
import { TEST_ADDRESSES } from "./addresses";
import { sendText } from "./http";
import { TEST_BUYERS } from "./identities";
import { isSupportedCurrency } from "./money";
import type { RestContext } from "./http";

/** The buyer window and its shipping section, which it calls, in one wrapper. */
const CLIENT_SOURCE = ["./sdk-client.js", "./sdk-shipping.js"]
  .map((file) => readFileSync(new URL(file, import.meta.url), "utf8"))
  .join("\n");
const JS = "application/javascript; charset=utf-8";
const SUPPORTED_INTENTS = ["capture", "subscription"];

/**
 * GET /sdk/js?client-id=…&currency=…&intent=…&vault=… as built by paypal-js loadScript({ sdkBaseUrl }).
 * Like PayPal, a bad query answers 400 with a script that throws, so loadScript rejects.
 */
export function handleSdkScript(ctx: RestContext, query: URLSearchParams) {
  const clientId = query.get("client-id");
  const currency = query.get("currency") ?? "USD";
  const vault = query.get("vault") ?? "false";
  const intent = query.get("intent") ?? "capture";
  const problem = !clientId
    ? "Expected client-id to be passed"
    : !isSupportedCurrency(currency)
      ? `Invalid query value for currency: ${currency}`
      : !SUPPORTED_INTENTS.includes(intent)
        ? `Invalid query value for intent: ${intent} (the local sandbox supports capture and subscription)`
        : vault !== "true" && vault !== "false"
          ? `Invalid query value for vault: ${vault}`
          : undefined;
  if (problem) {
    sendText(ctx.res, 400, `throw new Error(${JSON.stringify(`SDK Validation error: '${problem}'`)});\n`, JS);
    return;
  }
  const config = {
    base: ctx.base,
    clientId,
    currency,
    intent,
    vault: vault === "true",
    version: "5.0.0-sandbox",
    buyers: TEST_BUYERS.map(({ id, label }) => ({ id, label })),
    addresses: TEST_ADDRESSES.map(({ id, label }) => ({ id, label })),
  };
  sendText(
    ctx.res,
    200,
    `(function () {\n${CLIENT_SOURCE}\ninstallPayPalSandboxSdk(${JSON.stringify(config)});\n})();\n`,
    JS,
  );
}
