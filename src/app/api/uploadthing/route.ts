import { createRouteHandler } from "uploadthing/next";
import { auth } from "~/server/auth";
import { uploadThingSettings } from "~/server/storage/config";
import { createFileRouter } from "~/server/storage/file-router";

const router = createFileRouter({
  async getMerchantId() {
    const session = await auth();
    return session?.user.userType === "merchant" ? session.user.id : null;
  },
});

const { token, isDev, callbackUrl, ingestUrl } = uploadThingSettings();

export const { GET, POST } = createRouteHandler({ router, config: { token, isDev, callbackUrl, ingestUrl } });
