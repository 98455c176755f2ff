import { UTApi } from "uploadthing/server";
import type { FileKind, Prisma } from "~/generated/prisma/client";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { uploadThingSettings } from "./config";

/** A storage call that has not answered by then will not: the page or job waiting on it gives up. */
const STORAGE_TIMEOUT_MS = 10_000;
const RETRY_DELAY_MS = 500;

let utapi: UTApi | null = null;

/** UTApi's requests carry no deadline of their own: each one gets STORAGE_TIMEOUT_MS on top of its signal. */
const fetchWithDeadline: typeof fetch = (input, init) => {
  const deadline = AbortSignal.timeout(STORAGE_TIMEOUT_MS);
  return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline });
};

/** Created on first use, so importing this module needs no UploadThing settings (builds, unrelated tests). */
function api(): UTApi {
  if (!utapi) {
    const { token, apiUrl, ingestUrl, ufsHost, ufsAppIdLocation } = uploadThingSettings();
    utapi = new UTApi({
      token,
      apiUrl,
      ingestUrl,
      ufsHost,
      ufsAppIdLocation,
      logLevel: "Error",
      fetch: fetchWithDeadline,
    });
  }
  return utapi;
}

function appId(): string {
  const { token } = uploadThingSettings();
  if (!token) throw new Error("UPLOADTHING_TOKEN is not set");
  const { appId } = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as { appId?: unknown };
  if (typeof appId !== "string") throw new Error("UPLOADTHING_TOKEN has no appId");
  return appId;
}

/** The address of a public file, built the way UTApi.generateSignedURL builds file URLs. */
export function publicFileUrl(key: string): string {
  const { ufsHost, ufsAppIdLocation } = uploadThingSettings();
  const protocol = ufsHost.includes("local") ? "http" : "https";
  return ufsAppIdLocation === "path"
    ? `${protocol}://${ufsHost}/a/${appId()}/${key}`
    : `${protocol}://${appId()}.${ufsHost}/f/${key}`;
}

/** A short-lived address for a private file (signed locally with the API key, no request to UploadThing). */
export async function signedFileUrl(key: string, opts: { expiresInSeconds: number }): Promise<string> {
  const { ufsUrl } = await api().generateSignedURL(key, { expiresIn: opts.expiresInSeconds });
  return ufsUrl;
}

/** The first `count` bytes of a stored file, to check what it really is. */
export async function readFileHead(key: string, opts: { isPrivate: boolean; count: number }): Promise<Uint8Array> {
  const url = opts.isPrivate ? await signedFileUrl(key, { expiresInSeconds: 60 }) : publicFileUrl(key);
  // no-store and a deadline: inside a Next route handler, a plain fetch of this ranged response never settled.
  const response = await fetch(url, {
    headers: { range: `bytes=0-${opts.count - 1}` },
    cache: "no-store",
    signal: AbortSignal.timeout(STORAGE_TIMEOUT_MS),
  });
  if (!response.ok || !response.body) throw new Error(`Reading ${key} from storage failed with ${response.status}`);
  const head = new Uint8Array(opts.count);
  let filled = 0;
  const reader = response.body.getReader();
  while (filled < opts.count) {
    const { done, value } = await reader.read();
    if (done) break;
    const piece = value.subarray(0, opts.count - filled);
    head.set(piece, filled);
    filled += piece.length;
  }
  await reader.cancel();
  return head.subarray(0, filled);
}

/**
 * Removes files from UploadThing by key (no rows involved: for uploads that never became a StoredFile). Deleting
 * is idempotent (a key already gone is no error), so a failed attempt is tried once more.
 */
export async function deleteUploadedFiles(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  try {
    await api().deleteFiles(keys);
  } catch {
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    await api().deleteFiles(keys);
  }
}

export type NewStoredFile = {
  merchantId: string;
  key: string;
  name: string;
  size: number;
  mimeType: string;
  kind: FileKind;
  isPrivate: boolean;
};

/** Idempotent on the key: UploadThing may deliver an upload's callback more than once. */
export function recordStoredFile(file: NewStoredFile) {
  return db.storedFile.upsert({ where: { key: file.key }, create: file, update: {} });
}

/**
 * Deletes a merchant's files from UploadThing, then their rows; ids of other merchants' files are ignored.
 * Returns how many files were deleted.
 */
export async function deleteStoredFiles(merchantId: string, fileIds: string[]): Promise<number> {
  const files = await db.storedFile.findMany({
    where: { id: { in: fileIds }, merchantId },
    select: { id: true, key: true },
  });
  if (files.length === 0) return 0;
  try {
    await deleteUploadedFiles(files.map((file) => file.key));
  } catch (error) {
    throw new AppError("UPSTREAM", "Failed to delete file: storage is unavailable", { cause: error });
  }
  await db.storedFile.deleteMany({ where: { id: { in: files.map((file) => file.id) }, merchantId } });
  return files.length;
}

/**
 * Nothing needs the file any more: no page or store settings use it, and no buyer holds a live download grant for
 * it (a purchase stays downloadable for its 24 hours even if the seller replaces the file or deletes the page).
 */
export const unusedFileWhere = (now: Date = new Date()) =>
  ({
    storeLogoOf: null,
    productImageOf: null,
    merchantLogoOf: null,
    downloadableFileOf: null,
    downloadGrants: { none: { revokedAt: null, expiresAt: { gt: now } } },
  }) satisfies Prisma.StoredFileWhereInput;
