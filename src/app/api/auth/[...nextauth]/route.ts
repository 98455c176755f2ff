import type { NextRequest } from "next/server";
import { handlers } from "~/server/auth";
import { providerIds } from "~/server/auth/config";
import { refuseUnsafeRequest, refuseUnsafeText } from "~/server/platform/request";

/** Sign-in and sign-out forms and OAuth callbacks are a few short fields. */
const MAX_BODY_BYTES = 16 * 1024;

// next-auth parses these requests itself; the input hygiene rule (src/server/platform/request.ts) is applied first, so no
// credential or callback value it would look up or store can hold NUL or a lone surrogate.

/** Where Auth.js keeps the callback URL between requests (plain and, over HTTPS, __Secure-). */
const CALLBACK_URL_COOKIES = ["authjs.callback-url", "__Secure-authjs.callback-url"];

/** Auth.js's own test of a callback URL: a path, or an http(s) address. */
function isCallbackUrl(value: string, origin: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith("/") ? origin : undefined).protocol);
  } catch {
    return false;
  }
}

/**
 * A request Auth.js would fail with a 500: it takes a callbackUrl (query or cookie) that fails its test for a
 * server configuration error. Anyone can send one, so it is the caller's 400 here.
 */
function refuseBadCallbackUrl(request: NextRequest): Response | null {
  const values = [
    request.nextUrl.searchParams.get("callbackUrl"),
    ...CALLBACK_URL_COOKIES.map((name) => request.cookies.get(name)?.value),
  ];
  if (values.every((value) => !value || isCallbackUrl(value, request.nextUrl.origin))) return null;
  return new Response("The request is not valid.", { status: 400, headers: { "cache-control": "no-store" } });
}

/**
 * A sign-in or callback for a provider this app does not have (/api/auth/callback/credentials: ours are `merchant`
 * and `staff`). Auth.js would throw, log an error and redirect with error=Configuration; it is the caller's 404.
 */
function refuseUnknownProvider(request: NextRequest): Response | null {
  const match = /\/api\/auth\/(?:signin|callback)\/([^/]+)\/?$/.exec(request.nextUrl.pathname);
  if (!match?.[1] || providerIds.has(match[1])) return null;
  return new Response("Not found.", { status: 404, headers: { "cache-control": "no-store" } });
}

export async function GET(request: NextRequest) {
  return (
    refuseUnsafeText([...request.nextUrl.searchParams]) ??
    refuseBadCallbackUrl(request) ??
    refuseUnknownProvider(request) ??
    handlers.GET(request)
  );
}

export async function POST(request: NextRequest) {
  return (
    (await refuseUnsafeRequest(request, MAX_BODY_BYTES)) ??
    refuseBadCallbackUrl(request) ??
    refuseUnknownProvider(request) ??
    handlers.POST(request)
  );
}
