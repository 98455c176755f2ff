/**
 * UploadThing settings, read from process.env in this one place until src/env.js declares them:
 * - UPLOADTHING_TOKEN: the app's token (base64 JSON {apiKey, appId, regions}); required for uploads.
 * - UPLOADTHING_IS_DEV: "true" makes the route handler run upload callbacks itself from the ingest's
 *   metadata stream (no public callback URL needed); unset: uploadthing's default (NODE_ENV=development).
 * - UPLOADTHING_CALLBACK_URL: the public URL of /api/uploadthing when UploadThing must call the app back
 *   and the request URL cannot tell (behind a proxy).
 * - UPLOADTHING_INGEST_URL, UPLOADTHING_API_URL, UPLOADTHING_UFS_HOST, UPLOADTHING_UFS_APP_ID_LOCATION:
 *   unset in production; the local sandbox sets them to point the packages at itself.
 */
export function uploadThingSettings() {
  const read = (name: string) => process.env[name] || undefined;
  const isDev = read("UPLOADTHING_IS_DEV");
  return {
    token: read("UPLOADTHING_TOKEN"),
    isDev: isDev === undefined ? undefined : isDev === "true" || isDev === "1",
    callbackUrl: read("UPLOADTHING_CALLBACK_URL"),
    ingestUrl: read("UPLOADTHING_INGEST_URL"),
    apiUrl: read("UPLOADTHING_API_URL"),
    ufsHost: read("UPLOADTHING_UFS_HOST") ?? "ufs.sh",
    ufsAppIdLocation: read("UPLOADTHING_UFS_APP_ID_LOCATION") === "path" ? ("path" as const) : ("subdomain" as const),
  };
}
