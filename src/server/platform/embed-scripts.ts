import { createHash } from "node:crypto";

// How the scripts merchants embed are served, the payment button's (payment-buttons/embed-script.ts) and the WPS
// button's (wps/embed-script.ts) alike: GET /api/.../{id}.js, a short public cache with an ETag, CORS for any site.

// Merchants' pages load these on every view: a short public cache keeps a button's edits and its on/off switch
// visible within a minute, and the ETag lets browsers and CDNs revalidate for a 304 instead of the body.
const CACHE = "public, max-age=60, stale-while-revalidate=60";

/** The ids a script is asked for by; anything else is answered with a warning script, not a query. */
export const SCRIPT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The button id of "{id}.js"; "" (no button) for any other file name. */
export function scriptIdOf(file: string) {
  return file.endsWith(".js") ? file.slice(0, -3) : "";
}

/** A script's strong ETag: a hash of its bytes. */
export function scriptEtag(body: Buffer) {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** The headers every answer for a script carries, its 304s and 404s included. */
export function scriptHeaders(etag: string): Record<string, string> {
  return {
    "content-type": "application/javascript; charset=utf-8",
    "cache-control": CACHE,
    etag,
    // Any site may embed the script, including pages that isolate themselves with COEP.
    "cross-origin-resource-policy": "cross-origin",
    "access-control-allow-origin": "*",
    "x-content-type-options": "nosniff",
  };
}

/** Whether the browser's copy (If-None-Match, weak tags compared as strong) is still the script `script`. */
export function isUnchanged(ifNoneMatch: string | null, script: { status: number; etag: string }) {
  const known = ifNoneMatch?.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  return script.status === 200 && known?.includes(script.etag) === true;
}
