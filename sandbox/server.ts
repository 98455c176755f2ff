// The local provider sandbox as one unit: PayPal and UploadThing simulators and an SMTP server with its inbox on
// their own loopback ports, and the app environment that points the real client packages at them. Dev, demo and tests only.
import path from "node:path";
import { startMailSandbox } from "./mail";
import { startPayPalSandbox } from "./paypal";
import { startUploadThingSandbox } from "./uploadthing/server";

export type RunningSandbox = {
  /**
   * Variables for the app: PayPal's sandbox-environment hosts (never the live ones: a merchant set to live
   * always reaches the real PayPal) and UPLOADTHING_*.
   */
  env: Record<string, string>;
  paypalUrl: string | null;
  uploadthingUrl: string | null;
  /** The local inbox page, when the app's mail goes to the sandbox's SMTP server. */
  mailInboxUrl: string | null;
  close(): Promise<void>;
};

/**
 * Starts the simulators that are wanted (a provider with real configuration is left alone). With a dataDir,
 * state and files survive restarts under it; without one, everything is thrown away on close().
 */
export async function startSandbox(
  opts: { dataDir?: string; paypal?: boolean; uploadthing?: boolean; mail?: boolean } = {},
) {
  if (process.env.NODE_ENV === "production") throw new Error("The provider sandbox never runs in production.");
  const env: Record<string, string> = {};
  const closers: (() => Promise<void>)[] = [];
  let paypalUrl: string | null = null;
  let uploadthingUrl: string | null = null;
  let mailInboxUrl: string | null = null;

  if (opts.paypal ?? true) {
    const paypal = await startPayPalSandbox({ dataDir: opts.dataDir && path.join(opts.dataDir, "paypal") });
    paypalUrl = paypal.url;
    closers.push(paypal.close);
    Object.assign(env, {
      PAYPAL_API_BASE_SANDBOX: paypal.url,
      PAYPAL_SDK_BASE_URL: `${paypal.url}/sdk/js`,
      PAYPAL_WPS_URL_SANDBOX: `${paypal.url}/cgi-bin/webscr`,
      PAYPAL_IPN_VERIFY_URL_SANDBOX: `${paypal.url}/cgi-bin/webscr`,
    });
  }
  if (opts.uploadthing ?? true) {
    const uploadthing = await startUploadThingSandbox({
      dataDir: opts.dataDir && path.join(opts.dataDir, "uploadthing"),
      // A stable key per data dir keeps earlier uploads' signed URLs valid after a restart.
      ...(opts.dataDir ? { apiKey: "sk_sandbox_local_demo_key", appId: "popkitdemo" } : {}),
    });
    uploadthingUrl = uploadthing.url;
    closers.push(uploadthing.close);
    // The sandbox calls the app back as UploadThing does in production. (In uploadthing's dev-stream mode
    // the app runs onUploadComplete detached from any request, and Next's server drops that work.)
    Object.assign(env, uploadthing.env, { UPLOADTHING_IS_DEV: "false" });
  }

  if (opts.mail ?? true) {
    const mail = await startMailSandbox({ dataDir: opts.dataDir && path.join(opts.dataDir, "mail") });
    mailInboxUrl = mail.inboxUrl;
    closers.push(mail.close);
    Object.assign(env, { SMTP_URL: mail.smtpUrl, MAIL_INBOX_URL: mail.inboxUrl });
  }

  return {
    env,
    paypalUrl,
    uploadthingUrl,
    mailInboxUrl,
    async close() {
      await Promise.all(closers.map((close) => close()));
    },
  } satisfies RunningSandbox;
}
