/**
 * The signed-out page families, one address each (some unknown on purpose: not-found pages are pages too). The
 * proxy's headers are checked on them in integration, and the nonce on their scripts in the production build.
 */
export const signedOutPages = [
  "/auth",
  "/auth?mode=signup",
  "/auth/forgot",
  "/auth/reset/not-a-token",
  "/saas-admin/auth",
  "/thank-you",
  "/library",
  "/library?expired=1",
  "/portal/sign-in",
  "/privacy",
  "/no-such-page",
];
