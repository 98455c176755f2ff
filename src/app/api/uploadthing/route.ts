import type { NextRequest } from "next/server";
import { createRouteHandler } from "uploadthing/next";
import { auth } from "~/server/auth";
import { refuseUnsafeRequest, refuseUnsafeText } from "~/server/platform/request";
import { uploadThingSettings } from "~/server/vendors/storage/config";
import { createFileRouter } from "~/server/vendors/storage/file-router";

const router = createFileRouter({
  async getMerchantId() {
    const session = await auth();
    return session?.user.userType === "merchant" ? session.user.id : null;
  },
});

const { token, isDev, callbackUrl, ingestUrl } = uploadThingSettings();

const handlers = createRouteHandler({ router, config: { token, isDev, callbackUrl, ingestUrl } });

/** A browser's upload request lists a file's name, size and type; UploadThing's callback describes one upload. */
const MAX_BODY_BYTES = 64 * 1024;

export async function GET(request: NextRequest) {
  return refuseUnsafeText([...request.nextUrl.searchParams]) ?? handlers.GET(request);
}

/**
 * The input hygiene rule (src/server/platform/request.ts) before uploadthing parses the request itself; its callback's
 * signature is still verified over the bytes exactly as UploadThing sent them.
 */
export async function POST(request: NextRequest) {
  return (await refuseUnsafeRequest(request, MAX_BODY_BYTES)) ?? handlers.POST(request);
}
