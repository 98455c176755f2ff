import { generateKeyPairSync, randomBytes, randomInt } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface Money {
  currency_code: string;
  value: string;
}

export interface Payer {
  payer_id: string;
  email_address: string;
  name: { given_name: string; surname: string };
  address: { country_code: string };
}

export interface Capture {
  id: string;
  orderId: string;
  clientId: string;
  status: "COMPLETED" | "PENDING" | "DECLINED";
  status_details?: { reason: string };
  amount: Money;
  fee?: Money;
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
}

export interface PurchaseUnit {
  reference_id: string;
  amount: Record<string, unknown> & Money;
  payee: { email_address: string; merchant_id: string };
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  soft_descriptor?: string;
  items?: unknown[];
  captureIds: string[];
}

export interface Order {
  id: string;
  clientId: string;
  intent: "CAPTURE";
  status: "CREATED" | "APPROVED" | "COMPLETED";
  purchase_units: PurchaseUnit[];
  buyerId?: string;
  payer?: Payer;
  return_url?: string;
  cancel_url?: string;
  create_time: string;
  update_time: string;
}

export interface Subscription {
  id: string;
  clientId: string;
  plan_id: string;
  status: "APPROVAL_PENDING" | "ACTIVE";
  quantity: string;
  custom_id?: string;
  subscriber?: Payer;
  /** The token PayPal puts in the approve link and hands to onApprove as orderID. */
  approval_token: string;
  return_url?: string;
  cancel_url?: string;
  start_time: string;
  create_time: string;
  update_time: string;
  status_update_time: string;
}

export interface WpsSession {
  id: string;
  fields: Record<string, string>;
  created: number;
}

export interface WpsTransaction {
  txn_id: string;
  business: string;
  /** The payment's variables as last sent in an IPN (its status follows a refund); PDT answers with them. */
  variables: Record<string, string>;
  /** Where its IPNs go; absent when the button form had no usable notify_url. */
  notify_url?: string;
  /** The exact bytes of the last IPN about this payment, for /__sandbox/wps/resend. */
  lastIpn?: string;
  /** What refunds and a reversal took back so far, in minor units. */
  returnedMinor?: number;
}

export interface IdempotentResponse {
  status: number;
  body: unknown;
  at: number;
}

export interface SandboxState {
  /** Signs access tokens, so they survive a restart together with the rest of the state. */
  tokenKey: string;
  webhookKey: { privateKey: string; publicKey: string };
  credentials: Record<string, string>;
  orders: Record<string, Order>;
  captures: Record<string, Capture>;
  subscriptions: Record<string, Subscription>;
  idempotency: Record<string, IdempotentResponse>;
  wpsSessions: Record<string, WpsSession>;
  wpsTransactions: Record<string, WpsTransaction>;
  /** Every IPN body the sandbox posted, byte for byte: `_notify-validate` answers VERIFIED only for these. */
  sentIpnBodies: string[];
  /** A WPS account's "PayPal button language encoding" (lower-cased business -> charset); default windows-1252. */
  wpsAccountCharsets: Record<string, string>;
}

function freshState(): SandboxState {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  return {
    tokenKey: randomBytes(32).toString("hex"),
    webhookKey: { privateKey, publicKey },
    credentials: {},
    orders: {},
    captures: {},
    subscriptions: {},
    idempotency: {},
    wpsSessions: {},
    wpsTransactions: {},
    sentIpnBodies: [],
    wpsAccountCharsets: {},
  };
}

export interface Store {
  data: SandboxState;
  save(): void;
  reset(): void;
}

/** In-memory state, mirrored to `<dataDir>/paypal-sandbox.json` when a dataDir is given. */
export function createStore(dataDir?: string): Store {
  const file = dataDir ? join(dataDir, "paypal-sandbox.json") : undefined;
  const store: Store = {
    data: (file && loadState(file)) || freshState(),
    save() {
      if (!file) return;
      mkdirSync(dataDir!, { recursive: true });
      // Write-then-rename so a crash mid-write never leaves half a file behind.
      writeFileSync(`${file}.tmp`, JSON.stringify(store.data));
      renameSync(`${file}.tmp`, file);
    },
    reset() {
      store.data = freshState();
      store.save();
    },
  };
  return store;
}

function loadState(file: string): SandboxState | undefined {
  try {
    return { ...freshState(), ...(JSON.parse(readFileSync(file, "utf8")) as Partial<SandboxState>) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(`PayPal sandbox: cannot read its state file ${file}`, { cause: error });
  }
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** PayPal-looking ids: order, capture and transaction ids are 17 upper-case alphanumerics, payer ids 13. */
export function paypalId(length = 17): string {
  let id = "";
  for (let i = 0; i < length; i++) id += ID_CHARS[randomInt(ID_CHARS.length)];
  return id;
}

export const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
