import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";

const flag = z
  .enum(["0", "1", "true", "false"])
  .optional()
  .transform((value) => value === "1" || value === "true");

const MAX_PROXY_HOPS = 10;
const proxyNetwork = z.union([z.cidrv4(), z.cidrv6(), z.ipv4(), z.ipv6()]);

/**
 * TRUSTED_PROXIES: who may tell us a client's address in X-Forwarded-For (src/server/platform/request.ts reads it).
 * Empty: nobody, the socket's peer is the client. A number: that many proxy hops in front of the app. Otherwise
 * a comma-separated list of the proxies' networks (CIDRs or single addresses, IPv4 or IPv6).
 * @param {string} text
 * @returns {{ hops: number; networks: string[] } | null} null when the value is none of these
 */
export function parseTrustedProxies(text) {
  const value = text.trim();
  if (value === "") return { hops: 0, networks: [] };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= MAX_PROXY_HOPS ? { hops, networks: [] } : null;
  }
  const networks = value.split(",").map((part) => part.trim());
  return networks.every((network) => proxyNetwork.safeParse(network).success) ? { hops: 0, networks } : null;
}

const trustedProxies = z
  .string()
  .default("")
  .refine((value) => parseTrustedProxies(value) !== null, {
    error: (issue) =>
      `TRUSTED_PROXIES must be empty, a number of proxy hops from 0 to ${MAX_PROXY_HOPS}, or a comma-separated ` +
      `list of proxy networks such as 10.0.0.0/8,fd00::/8; got "${String(issue.input)}"`,
  })
  .transform((value) => /** @type {{ hops: number; networks: string[] }} */ (parseTrustedProxies(value)));

/** The only reader of process.env. Every variable is documented in .env.example. */
export const env = createEnv({
  server: {
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    DATABASE_URL: z.url(),
    EMBEDDED_DB: flag,
    POPKIT_DEMO: flag,
    /** "0" keeps this instance from running background jobs (it still enqueues them). */
    WORKERS: z.enum(["0", "1"]).default("1"),
    /** "1" lets merchant webhooks reach private, loopback and link-local addresses (the demo allows them anyway). */
    ALLOW_PRIVATE_WEBHOOK_URLS: flag,
    APP_URL: z.url().default("http://localhost:3000"),
    AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters"),
    PAYPAL_API_BASE_SANDBOX: z.url().default("https://api-m.sandbox.paypal.com"),
    PAYPAL_API_BASE_LIVE: z.url().default("https://api-m.paypal.com"),
    PAYPAL_SDK_BASE_URL: z.url().default("https://www.paypal.com/sdk/js"),
    PAYPAL_WPS_URL_SANDBOX: z.url().default("https://www.sandbox.paypal.com/cgi-bin/webscr"),
    PAYPAL_WPS_URL_LIVE: z.url().default("https://www.paypal.com/cgi-bin/webscr"),
    PAYPAL_IPN_VERIFY_URL_SANDBOX: z.url().default("https://ipnpb.sandbox.paypal.com/cgi-bin/webscr"),
    PAYPAL_IPN_VERIFY_URL_LIVE: z.url().default("https://ipnpb.paypal.com/cgi-bin/webscr"),
    UPLOADTHING_TOKEN: z.string().optional(),
    // Left undefined when unset: uploadthing then applies its own default.
    UPLOADTHING_IS_DEV: z.enum(["0", "1", "true", "false"]).optional(),
    UPLOADTHING_CALLBACK_URL: z.url().optional(),
    UPLOADTHING_INGEST_URL: z.url().optional(),
    UPLOADTHING_API_URL: z.url().optional(),
    UPLOADTHING_UFS_HOST: z.string().default("ufs.sh"),
    UPLOADTHING_UFS_APP_ID_LOCATION: z.enum(["path", "subdomain"]).default("subdomain"),
    TRUSTED_PROXIES: trustedProxies,
    /** redis:// or rediss://: rate limits and cache messages between instances; PostgreSQL does both when unset. */
    REDIS_URL: z
      .url()
      .refine((url) => /^rediss?:$/.test(new URL(url).protocol), "REDIS_URL must be a redis:// or rediss:// URL")
      .optional(),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,40}$/)
      .default("popkit"),
    SIGNIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
    SIGNUP_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
    /** New IPN messages stored per minute from one address, and from all addresses together. */
    WPS_IPN_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
    WPS_IPN_LIMIT_TOTAL: z.coerce.number().int().positive().default(600),
    /**
     * New checkouts are refused ("busy, try again") while more requests than this wait for a database
     * connection in this process: captures of approved orders are never refused, so they keep the queue.
     */
    CHECKOUT_BUSY_QUEUE: z.coerce.number().int().positive().default(60),
    AUTH_GOOGLE_ID: z.string().optional(),
    AUTH_GOOGLE_SECRET: z.string().optional(),
    /** Where e-mail goes out (smtp:// or smtps://, credentials in the URL); the demo's local SMTP server when unset. */
    SMTP_URL: z.url().optional(),
    MAIL_FROM: z.string().min(3).default("Popkit <no-reply@popkit.local>"),
    /** The demo's local inbox page, printed at start-up and linked from the dashboard in demo mode. */
    MAIL_INBOX_URL: z.url().optional(),
    ENCRYPTION_KEY: z.string().regex(/^[0-9a-f]{64}$/i, "ENCRYPTION_KEY must be 32 bytes as 64 hex characters"),
  },
  client: {},
  experimental__runtimeEnv: {},
  // `next build` runs without runtime secrets; the app validates them when it starts.
  skipValidation: process.env.SKIP_ENV_VALIDATION === "1",
  emptyStringAsUndefined: true,
});

/**
 * APP_URL is where PayPal and merchants reach us (the webhook and IPN URLs sellers register): a production
 * deployment refuses to start unless it is HTTPS. A loopback URL (a local run of the production build, the test
 * suite) and the demo are the exceptions.
 * @param {{ NODE_ENV: string; POPKIT_DEMO: boolean; APP_URL: string }} settings
 * @returns {string | null}
 */
export function appUrlProblem({ NODE_ENV, POPKIT_DEMO, APP_URL }) {
  if (NODE_ENV !== "production" || POPKIT_DEMO) return null;
  const url = new URL(APP_URL);
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return url.protocol === "https:" || loopback
    ? null
    : `APP_URL must be an https:// URL in production (it is the webhook URL sellers register with PayPal); got ${APP_URL}`;
}

if (process.env.SKIP_ENV_VALIDATION !== "1") {
  const problem = appUrlProblem(env);
  if (problem) throw new Error(problem);
}
