// A POP's license settings ("Issue license keys": activation limit, expiry, prefix) and its pool of imported keys.
// Every call names the merchant: a button of another store is NOT_FOUND.
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import {
  keysOfImport,
  licenseMessages,
  MAX_IMPORT_KEYS,
  type importLicenseKeysSchema,
  type licensePolicySchema,
} from "~/schemas/licenses";
import type { z } from "zod";
import { POOL_LOW_AT } from "~/server/licenses/issuing";
import { storedKey } from "~/server/licenses/keys";

const BUTTON_NOT_FOUND = "Payment button not found";

async function ownButton(merchantId: string, buttonId: string) {
  const button = await db.paymentButton.findFirst({
    where: { id: buttonId, merchantId },
    select: { id: true, paymentType: true },
  });
  if (!button) throw new AppError("NOT_FOUND", BUTTON_NOT_FOUND);
  return button;
}

/** The settings form's values and the pool's count; a POP without keys shows the defaults, turned off. */
export async function getLicenseSettings(merchantId: string, buttonId: string) {
  const button = await ownButton(merchantId, buttonId);
  const [policy, poolLeft, issued] = await Promise.all([
    db.licensePolicy.findUnique({ where: { buttonId } }),
    db.licenseKey.count({ where: { buttonId, issueKey: null } }),
    db.licenseKey.count({ where: { buttonId, issueKey: { not: null } } }),
  ]);
  return {
    buttonId,
    isSubscription: button.paymentType === "subscription",
    enabled: policy !== null,
    activationLimit: policy ? policy.activationLimit : 1,
    expiry: policy?.expiry ?? "never",
    expiryDays: policy?.expiryDays ?? null,
    keyPrefix: policy?.keyPrefix ?? "",
    poolLeft,
    issued,
    /** The seller is e-mailed when the pool is down to this many keys (the form says so). */
    poolLowAt: POOL_LOW_AT,
  };
}

/** Saves (or, enabled false, removes) the POP's policy. Keys already issued keep what they were issued with. */
export async function saveLicensePolicy(merchantId: string, input: z.output<typeof licensePolicySchema>) {
  const button = await ownButton(merchantId, input.buttonId);
  if (!input.enabled) {
    await db.licensePolicy.deleteMany({ where: { buttonId: button.id } });
    return getLicenseSettings(merchantId, button.id);
  }
  if (input.expiry === "subscription" && button.paymentType !== "subscription") {
    throw new AppError("INVALID", licenseMessages.subscriptionOnly, {
      fieldErrors: { expiry: [licenseMessages.subscriptionOnly] },
    });
  }
  const values = {
    activationLimit: input.activationLimit,
    expiry: input.expiry,
    expiryDays: input.expiry === "days" ? input.expiryDays : null,
    keyPrefix: input.keyPrefix,
  };
  await db.licensePolicy.upsert({
    where: { buttonId: button.id },
    create: { buttonId: button.id, merchantId, ...values },
    update: values,
  });
  return getLicenseSettings(merchantId, button.id);
}

/**
 * Puts pre-generated keys in the POP's pool, used before generated ones, oldest first. Blank lines, repeats in the
 * list, keys already known (in any pool or issued) and unusable lines are not imported, and counted in the answer.
 */
export async function importLicenseKeys(merchantId: string, input: z.output<typeof importLicenseKeysSchema>) {
  const button = await ownButton(merchantId, input.buttonId);
  if (!(await db.licensePolicy.findUnique({ where: { buttonId: button.id }, select: { buttonId: true } }))) {
    throw new AppError("INVALID", licenseMessages.notLicensed);
  }
  const { keys, blank, repeated, invalid } = keysOfImport(input.text);
  if (keys.length === 0 && blank + repeated + invalid === 0) {
    throw new AppError("INVALID", licenseMessages.noKeys, { fieldErrors: { text: [licenseMessages.noKeys] } });
  }
  if (keys.length > MAX_IMPORT_KEYS) {
    throw new AppError("INVALID", licenseMessages.tooManyKeys, {
      fieldErrors: { text: [licenseMessages.tooManyKeys] },
    });
  }
  const rows = keys.map((key) => ({ ...storedKey(key), merchantId, buttonId: button.id, fromPool: true }));
  // Rows of one import share a creation time; the pool is used by (created_at, id), so keep the list's order.
  const start = Date.now();
  const created = await db.licenseKey.createManyAndReturn({
    data: rows.map((row, index) => ({ ...row, createdAt: new Date(start + index) })),
    // A key already known anywhere is a duplicate: one key opens one license.
    skipDuplicates: true,
    select: { id: true },
  });
  if (created.length > 0) {
    await db.licensePolicy.update({ where: { buttonId: button.id }, data: { poolLowWarnedAt: null } });
  }
  return {
    imported: created.length,
    duplicates: repeated + (keys.length - created.length),
    blank,
    invalid,
    poolLeft: await db.licenseKey.count({ where: { buttonId: button.id, issueKey: null } }),
  };
}
