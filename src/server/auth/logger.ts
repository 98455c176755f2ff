import { AuthError, CredentialsSignin, type NextAuthConfig } from "next-auth";
import { describeError, logger } from "~/server/platform/logger";

/**
 * Auth.js errors that a caller's own request causes, not a fault of ours: a stale or missing CSRF token, an action
 * or provider Auth.js does not have. One warning line each, without a stack.
 */
const refusedRequestTypes = new Set(["MissingCSRF", "UnknownAction", "InvalidCallbackUrl", "InvalidProvider"]);

/** The underlying error Auth.js wraps in `cause.err` (a throw in authorize() or a callback). */
function causeOf(error: Error): Record<string, unknown> {
  const cause: unknown = error.cause;
  if (cause && typeof cause === "object" && "err" in cause && cause.err instanceof Error) {
    const { error: message, stack } = describeError(cause.err);
    return { cause: message, causeStack: stack };
  }
  return {};
}

/**
 * Auth.js's logger, on the app's JSON log lines. A refused sign-in (wrong password, disabled account, too many
 * tries) is an everyday event: one warning with its reason, never a stack. Anything else is an error with its stack.
 */
export const authLogger = {
  error(error: Error) {
    if (error instanceof CredentialsSignin) {
      logger.warn("Sign-in refused", { code: error.code });
      return;
    }
    const type = error instanceof AuthError ? error.type : error.name;
    if (refusedRequestTypes.has(type)) {
      logger.warn("Auth request refused", { type });
      return;
    }
    logger.error("Auth error", { type, ...describeError(error), ...causeOf(error) });
  },
  warn(code: string) {
    logger.warn("Auth warning", { code, help: "https://warnings.authjs.dev" });
  },
} satisfies NextAuthConfig["logger"];
