/** next-auth returns a code for a refused sign-in; these are the sentences users see for each. */
const merchantSignInErrors: Record<string, string> = {
  invalid_credentials: "Invalid email or password",
  rate_limited: "Too many attempts. Please try again later.",
  OAuthAccountNotLinked: "This email already has a password account. Sign in with your email and password.",
  GoogleNotLinked:
    "Google sign-in can join an existing Popkit account only when Google and Popkit have both verified its e-mail. " +
    "Sign in with your e-mail and password, verify your address from the dashboard, then use Google.",
};

const staffSignInErrors: Record<string, string> = {
  invalid_credentials: "Invalid username or password",
  account_disabled: "Account is disabled",
  rate_limited: "Too many attempts. Please try again later.",
};

/**
 * The sentence for a code, which may come from the address bar (/auth?error=...): an own key only, so "constructor"
 * or "toString" get the fallback rather than Object.prototype's functions.
 */
function sentence(sentences: Record<string, string>, code: string | null | undefined, fallback: string): string {
  return code && Object.hasOwn(sentences, code) ? sentences[code]! : fallback;
}

export const merchantSignInError = (code: string | null | undefined) =>
  sentence(merchantSignInErrors, code, "An error occurred");

export const staffSignInError = (code: string | null | undefined) => sentence(staffSignInErrors, code, "Login failed");
