import { PrismaAdapter } from "@auth/prisma-adapter";
import { CredentialsSignin, type DefaultSession, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import Google from "next-auth/providers/google";
import { env } from "~/env";
import { merchantSignInSchema, staffSignInSchema } from "~/schemas/accounts";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { clientIp } from "~/server/platform/request";
import {
  authenticateMerchant,
  authenticateStaff,
  ensureMerchant,
  isGoogleSignInAllowed,
  markEmailVerifiedByGoogle,
} from "~/server/accounts/accounts";
import { authLogger } from "~/server/auth/logger";
import { callbackUrlFor } from "~/server/auth/redirect";
import { isSessionLive, revokeSession, SESSION_MAX_AGE_SECONDS, startSession } from "~/server/auth/sessions";
import type { SaasRoleName } from "~/schemas/staff";

export type UserType = "merchant" | "saas_admin";

declare module "next-auth" {
  interface Session {
    /**
     * The auth_sessions row behind the cookie: "sign out of the other sessions" keeps this one. Not a credential
     * (a cookie naming it must be sealed with AUTH_SECRET), so the browser may see it.
     */
    sessionId?: string;
    user: {
      id: string;
      userType: UserType;
      username?: string;
      role?: SaasRoleName;
    } & DefaultSession["user"];
  }
  interface User {
    userType?: UserType;
    username?: string;
    role?: SaasRoleName;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    /** The auth_sessions row this cookie belongs to; the cookie is refused once that row is revoked. */
    sid?: string;
    userType?: UserType;
    username?: string;
    role?: SaasRoleName;
  }
}

/** The `code` reaches the browser in the sign-in result; the forms turn it into the spec's message. */
class SignInRefused extends CredentialsSignin {
  constructor(code: "invalid_credentials" | "account_disabled" | "rate_limited") {
    super();
    this.code = code;
  }
}

function refusalFor(error: unknown): SignInRefused {
  if (error instanceof AppError && error.code === "RATE_LIMITED") return new SignInRefused("rate_limited");
  if (error instanceof AppError && error.code === "FORBIDDEN") return new SignInRefused("account_disabled");
  if (error instanceof AppError && error.code === "UNAUTHORIZED") return new SignInRefused("invalid_credentials");
  throw error;
}

/**
 * A sign-in form's authorize, signing in a `userType`: fields `schema` refuses are wrong credentials, and what
 * `authenticate` throws becomes the refusal the form shows.
 */
function passwordSignIn<Input, User extends object, Type extends UserType>(
  userType: Type,
  schema: { safeParse(raw: unknown): { success: true; data: Input } | { success: false } },
  authenticate: (input: Input, ip: string) => Promise<User>,
) {
  return async (raw: unknown, request: Request) => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new SignInRefused("invalid_credentials");
    try {
      return { ...(await authenticate(parsed.data, clientIp(request.headers))), userType };
    } catch (error) {
      throw refusalFor(error);
    }
  };
}

export const isGoogleConfigured = Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);

/** The ids of the providers below, as /api/auth/signin/{id} and /api/auth/callback/{id} name them. */
export const providerIds: ReadonlySet<string> = new Set([
  "merchant",
  "staff",
  ...(isGoogleConfigured ? ["google"] : []),
]);

/** Where a refused Google sign-in lands; the code is one of merchantSignInErrors. */
export const googleNotLinkedUrl = "/auth?error=GoogleNotLinked";

const adapter = PrismaAdapter(db);

export const authConfig = {
  adapter: {
    ...adapter,
    // next-auth links a new OAuth account to whoever the browser's session cookie names, without asking. A
    // cookie that was signed out (or stolen, then revoked by a password reset) still decodes, so that would let
    // it attach someone's Google account to the victim's. Saying "nobody is signed in" here leaves linking to
    // the verified-e-mail rule in the signIn callback.
    getUser: () => Promise.resolve(null),
  },
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  secret: env.AUTH_SECRET,
  // The app is self-hosted behind whatever host the operator chooses; APP_URL pins links we generate.
  trustHost: true,
  pages: { signIn: "/auth", error: "/auth" },
  logger: authLogger,
  providers: [
    Credentials({
      id: "merchant",
      name: "Email and password",
      credentials: { email: {}, password: {} },
      authorize: passwordSignIn("merchant", merchantSignInSchema, authenticateMerchant),
    }),
    Credentials({
      id: "staff",
      name: "Staff username and password",
      credentials: { username: {}, password: {} },
      authorize: passwordSignIn("saas_admin", staffSignInSchema, authenticateStaff),
    }),
    ...(isGoogleConfigured
      ? [
          Google({
            clientId: env.AUTH_GOOGLE_ID,
            clientSecret: env.AUTH_GOOGLE_SECRET,
            // Linking by e-mail is allowed only after the signIn callback checked both sides verified it.
            allowDangerousEmailAccountLinking: true,
          }),
        ]
      : []),
  ],
  callbacks: {
    redirect: ({ url, baseUrl }) => callbackUrlFor({ url, baseUrl, appUrl: env.APP_URL }),
    async signIn({ account, profile }) {
      if (account?.provider !== "google") return true;
      const allowed = await isGoogleSignInAllowed({
        providerAccountId: account.providerAccountId,
        email: profile?.email,
        isEmailVerified: profile?.email_verified === true,
      });
      return allowed || googleNotLinkedUrl;
    },
    async jwt({ token, user, account, profile }) {
      if (user && account) {
        if (account.provider === "google") {
          const merchant = await ensureMerchant({ id: user.id!, email: user.email!, name: user.name });
          if (profile?.email_verified === true && profile.email) {
            await markEmailVerifiedByGoogle(merchant.id, profile.email);
          }
          token.name = merchant.name;
          token.userType = "merchant";
        } else {
          token.userType = user.userType;
          token.username = user.username;
          token.role = user.role;
        }
        token.sid = await startSession(
          token.userType === "saas_admin" ? { saasUserId: user.id! } : { userId: user.id! },
        );
        return token;
      }
      // Every later read of the cookie: refused (next-auth then clears it) once its session has ended.
      if (!token.sid || !token.sub || !(await isSessionLive(token.sid, token.sub))) return null;
      return token;
    },
    session({ session, token }) {
      session.sessionId = token.sid;
      session.user.id = token.sub!;
      session.user.userType = token.userType ?? "merchant";
      session.user.username = token.username;
      session.user.role = token.role;
      return session;
    },
  },
  events: {
    async signOut(message) {
      if ("token" in message && message.token?.sid) await revokeSession(message.token.sid);
    },
  },
} satisfies NextAuthConfig;
