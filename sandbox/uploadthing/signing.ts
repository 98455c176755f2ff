import { createHmac, timingSafeEqual } from "node:crypto";

const PREFIX = "hmac-sha256=";
const SIGNATURE_PARAM = "signature=";

/** The signature @uploadthing/shared's signPayload makes: HMAC-SHA256 keyed by the API key, hex, prefixed. */
export function signPayload(payload: string, apiKey: string): string {
  return PREFIX + createHmac("sha256", apiKey).update(payload).digest("hex");
}

export function signatureMatches(payload: string, signature: string | null | undefined, apiKey: string): boolean {
  if (!signature?.startsWith(PREFIX)) return false;
  const expected = Buffer.from(signPayload(payload, apiKey));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Signs a URL the way generateSignedURL does: `expires` (ms) appended, then the HMAC of the whole URL. */
export function signUrl(url: string, apiKey: string, ttlSeconds: number): string {
  const parsed = new URL(url);
  parsed.searchParams.append("expires", String(Date.now() + ttlSeconds * 1000));
  parsed.searchParams.append("signature", signPayload(parsed.toString(), apiKey));
  return parsed.href;
}

export type SignedUrlCheck = { ok: true; params: URLSearchParams } | { ok: false; reason: "invalid" | "expired" };

/**
 * Checks a request's path and query against a signed URL. The signature covers the full URL as signed
 * (scheme, host, path, query up to `&signature=`), so it is checked against each origin the URL may have been
 * signed for. The signature comes before the expiry, so a changed `expires` is reported as invalid.
 */
export function checkSignedUrl(pathAndQuery: string, origins: Iterable<string>, apiKey: string): SignedUrlCheck {
  const at = pathAndQuery.lastIndexOf(`&${SIGNATURE_PARAM}`);
  if (at < 0) return { ok: false, reason: "invalid" };
  const signed = pathAndQuery.slice(0, at);
  const encodedSignature = pathAndQuery.slice(at + 1 + SIGNATURE_PARAM.length);
  if (encodedSignature.includes("&")) return { ok: false, reason: "invalid" };
  let signature: string;
  try {
    signature = decodeURIComponent(encodedSignature);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const matches = [...origins].some((origin) => signatureMatches(origin + signed, signature, apiKey));
  if (!matches) return { ok: false, reason: "invalid" };

  const params = new URLSearchParams(signed.slice(signed.indexOf("?") + 1));
  const expires = Number(params.get("expires"));
  if (!Number.isFinite(expires) || expires <= Date.now()) return { ok: false, reason: "expired" };
  return { ok: true, params };
}
