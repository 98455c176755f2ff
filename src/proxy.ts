import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { env } from "~/env";
import { createNonce, isServedOverHttps, policySources, securityHeaders } from "~/server/platform/security-headers";

const sources = policySources(env);
const trustsProxies = env.TRUSTED_PROXIES.hops > 0 || env.TRUSTED_PROXIES.networks.length > 0;

const isUnder = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

// Coarse redirects only: layouts and procedures check the session again on the server.
async function signedOutRedirect(request: NextRequest): Promise<NextResponse | null> {
  const { pathname } = request.nextUrl;
  const isMerchantArea = isUnder(pathname, "/dashboard");
  const isStaffArea = isUnder(pathname, "/saas-admin") && !isUnder(pathname, "/saas-admin/auth");
  if (!isMerchantArea && !isStaffArea) return null;
  const token = await getToken({
    req: request,
    secret: env.AUTH_SECRET,
    secureCookie: request.nextUrl.protocol === "https:",
  });
  if (isMerchantArea && token?.userType !== "merchant") {
    return NextResponse.redirect(new URL("/auth", request.url));
  }
  if (isStaffArea && token?.userType !== "saas_admin") {
    return NextResponse.redirect(new URL("/saas-admin/auth", request.url));
  }
  return null;
}

/** Every page and its redirects: the security headers (src/server/platform/security-headers.ts), then the redirects. */
export async function proxy(request: NextRequest) {
  const nonce = createNonce();
  const headers = securityHeaders(request.nextUrl.pathname, {
    nonce,
    isHttps: isServedOverHttps({
      appUrl: env.APP_URL,
      forwardedProto: request.headers.get("x-forwarded-proto"),
      trustsProxies,
    }),
    sources,
  });
  let response = await signedOutRedirect(request);
  if (!response) {
    // Next reads the nonce from the request's policy and stamps it on its own scripts; our pages read x-nonce.
    // Both replace whatever the client sent under those names.
    const forwarded = new Headers(request.headers);
    forwarded.set("content-security-policy", headers["Content-Security-Policy"]);
    forwarded.set("x-nonce", nonce);
    response = NextResponse.next({ request: { headers: forwarded } });
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

// Not static assets (no inline code, the same bytes for everyone) nor /api: Next would buffer each API request's
// whole body for the proxy before the route runs (src/server/platform/security-headers.ts). next.config.js covers both.
export const config = { matcher: ["/((?!api/|_next/static|_next/image|favicon.svg).*)"] };
