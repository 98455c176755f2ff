import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { env } from "~/env";

// Coarse redirects only: layouts and procedures check the session again on the server.
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const token = await getToken({
    req: request,
    secret: env.AUTH_SECRET,
    secureCookie: request.nextUrl.protocol === "https:",
  });

  if (pathname.startsWith("/dashboard") && token?.userType !== "merchant") {
    return NextResponse.redirect(new URL("/auth", request.url));
  }
  const isStaffArea = pathname.startsWith("/saas-admin") && !pathname.startsWith("/saas-admin/auth");
  if (isStaffArea && token?.userType !== "saas_admin") {
    return NextResponse.redirect(new URL("/saas-admin/auth", request.url));
  }
  return NextResponse.next();
}

export const config = { matcher: ["/dashboard/:path*", "/saas-admin/:path*"] };
