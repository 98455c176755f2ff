// The public License API (/api/v1/licenses/*), field for field Lemon Squeezy's: activate, validate, deactivate.
// The key is the secret: no seller credential is asked, and a key's status is told only to whoever sends the key.
// Answers are { status, body } so the route stays a thin HTTP adapter and tests can call the service directly.
import { z } from "zod";
import { db } from "~/server/platform/db";
import { sendOutbox } from "~/server/payments/outbox";
import { recordKeyEvents } from "~/server/licenses/issuing";
import { keyHashOf } from "~/server/licenses/keys";
import {
  licenseKeyObject,
  licenseMetaObject,
  loadLicenseKey,
  type LicenseKeyWithStatus,
} from "~/server/licenses/views";

export type LicenseAction = "activate" | "validate" | "deactivate";

/** Lemon Squeezy's flag for each action: every answer carries it, false on every refusal. */
const FLAG = { activate: "activated", validate: "valid", deactivate: "deactivated" } as const;

export interface LicenseAnswer {
  status: 200 | 400 | 404 | 422 | 429 | 503;
  body: Record<string, unknown>;
}

const field = (name: string, max: number) =>
  z
    .string({ error: `The ${name} field is required.` })
    .trim()
    .min(1, `The ${name} field is required.`)
    .max(max, `The ${name} may not be greater than ${max} characters.`);

export const licenseRequestSchemas = {
  activate: z.object({ license_key: field("license key", 255), instance_name: field("instance name", 255) }),
  validate: z.object({ license_key: field("license key", 255), instance_id: field("instance id", 64).optional() }),
  deactivate: z.object({ license_key: field("license key", 255), instance_id: field("instance id", 64) }),
};

export const KEY_NOT_FOUND = "license_key not found.";
export const INSTANCE_NOT_FOUND = "license_key instance not found.";
export const AT_LIMIT = "This license key has reached the activation limit.";
export const DISABLED = "This license key is disabled.";
export const EXPIRED = "This license key has expired.";
export const PAUSED = "This license key is paused while a PayPal case about its purchase is open.";

export function refusal(action: LicenseAction, status: LicenseAnswer["status"], error: string): LicenseAnswer {
  return { status, body: { [FLAG[action]]: false, error } };
}

/** The request body's fields as the schema of the action reads them, or the 422 answer naming the first bad one. */
export function parseLicenseRequest<A extends LicenseAction>(action: A, fields: Record<string, unknown>) {
  const parsed = licenseRequestSchemas[action].safeParse(fields);
  if (parsed.success) return { input: parsed.data as z.infer<(typeof licenseRequestSchemas)[A]> };
  return { answer: refusal(action, 422, parsed.error.issues[0]?.message ?? "The request is not valid.") };
}

function keyFacts(key: LicenseKeyWithStatus) {
  return { license_key: licenseKeyObject(key), meta: licenseMetaObject(key) };
}

const instanceObject = (instance: { id: string; name: string; createdAt: Date }) => ({
  id: instance.id,
  name: instance.name,
  created_at: instance.createdAt.toISOString(),
});

/** A state refusal (disabled, expired) of a key the caller holds: it is told why, with the key's facts. */
function unusable(key: LicenseKeyWithStatus): string | null {
  if (key.status === "disabled") return DISABLED;
  if (key.status === "expired") return EXPIRED;
  if (key.paused) return PAUSED;
  return null;
}

async function tellSeller(keyId: string, merchantId: string, buttonId: string) {
  const deliveries = await db.$transaction((tx) =>
    recordKeyEvents(tx, "license_key.updated", [{ id: keyId, merchantId, buttonId }]),
  );
  await sendOutbox({ deliveries, emails: [] });
}

/**
 * activate: a new instance, unless the key is disabled, expired or at its limit. The key's row is locked while
 * its activations are counted, so N parallel activations with one slot left make exactly one.
 */
export async function activateLicense(input: { license_key: string; instance_name: string }): Promise<LicenseAnswer> {
  const keyHash = keyHashOf(input.license_key);
  const outcome = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM license_keys WHERE key_hash = ${keyHash} AND issue_key IS NOT NULL FOR UPDATE`;
    if (!locked) return null;
    const key = (await loadLicenseKey(tx, { id: locked.id }))!;
    const refused = unusable(key);
    if (refused) return { key, refused };
    if (key.activationLimit !== null && key.activations >= key.activationLimit) return { key, refused: AT_LIMIT };
    const instance = await tx.licenseInstance.create({ data: { licenseKeyId: key.id, name: input.instance_name } });
    await tx.licenseKeyEvent.create({ data: { licenseKeyId: key.id, kind: "activated", detail: instance.name } });
    return { key: (await loadLicenseKey(tx, { id: key.id }))!, instance, refused: null };
  });
  if (!outcome) return refusal("activate", 404, KEY_NOT_FOUND);
  if (outcome.refused) {
    return {
      status: 400,
      body: { activated: false, error: outcome.refused, ...keyFacts(outcome.key), instance: null },
    };
  }
  await tellSeller(outcome.key.id, outcome.key.merchantId, outcome.key.buttonId);
  return {
    status: 200,
    body: { activated: true, error: null, ...keyFacts(outcome.key), instance: instanceObject(outcome.instance!) },
  };
}

/** The key (and, given one, the instance) as they stand now; an instance check also marks it seen. */
export async function validateLicense(input: { license_key: string; instance_id?: string }): Promise<LicenseAnswer> {
  const key = await loadIssuedKey(input.license_key);
  if (!key) return refusal("validate", 404, KEY_NOT_FOUND);
  let instance = null;
  if (input.instance_id) {
    instance = await db.licenseInstance.findFirst({
      where: { id: input.instance_id, licenseKeyId: key.id, deactivatedAt: null },
    });
    if (!instance) return refusal("validate", 404, INSTANCE_NOT_FOUND);
    await db.licenseInstance.update({ where: { id: instance.id }, data: { lastSeenAt: new Date() } });
  }
  const refused = unusable(key);
  return {
    status: 200,
    body: { valid: !refused, error: refused, ...keyFacts(key), instance: instance && instanceObject(instance) },
  };
}

/** deactivate: the instance stops counting against the limit (kept, dated, for the seller's history). */
export async function deactivateLicense(input: { license_key: string; instance_id: string }): Promise<LicenseAnswer> {
  const key = await loadIssuedKey(input.license_key);
  if (!key) return refusal("deactivate", 404, KEY_NOT_FOUND);
  const instance = await db.licenseInstance.findFirst({
    where: { id: input.instance_id, licenseKeyId: key.id, deactivatedAt: null },
  });
  if (!instance) return refusal("deactivate", 404, INSTANCE_NOT_FOUND);
  const { count } = await db.licenseInstance.updateMany({
    where: { id: instance.id, deactivatedAt: null },
    data: { deactivatedAt: new Date() },
  });
  if (count === 0) return refusal("deactivate", 404, INSTANCE_NOT_FOUND);
  await db.licenseKeyEvent.create({ data: { licenseKeyId: key.id, kind: "deactivated", detail: instance.name } });
  await tellSeller(key.id, key.merchantId, key.buttonId);
  const now = (await loadLicenseKey(db, { id: key.id }))!;
  return { status: 200, body: { deactivated: true, error: null, ...keyFacts(now) } };
}

/** A key a buyer could hold: issued, not one still waiting in a pool. */
async function loadIssuedKey(licenseKey: string) {
  const key = await loadLicenseKey(db, { keyHash: keyHashOf(licenseKey) });
  return key?.issueKey ? key : null;
}
