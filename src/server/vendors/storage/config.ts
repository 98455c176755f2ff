import { env } from "~/env";

/** UploadThing settings (documented in .env.example); the local sandbox sets the host variables. */
export function uploadThingSettings() {
  return {
    token: env.UPLOADTHING_TOKEN,
    // Unset means uploadthing's own default (callbacks run locally only in development).
    isDev: env.UPLOADTHING_IS_DEV === undefined ? undefined : ["1", "true"].includes(env.UPLOADTHING_IS_DEV),
    // Explicit, because the request URL Next hands the route handler may name another host than the one the
    // server listens on (e.g. "localhost" for a server bound to 127.0.0.1), and the dev-mode callback fails.
    callbackUrl: env.UPLOADTHING_CALLBACK_URL ?? `${env.APP_URL}/api/uploadthing`,
    ingestUrl: env.UPLOADTHING_INGEST_URL,
    apiUrl: env.UPLOADTHING_API_URL,
    ufsHost: env.UPLOADTHING_UFS_HOST,
    ufsAppIdLocation: env.UPLOADTHING_UFS_APP_ID_LOCATION,
  };
}
