import { PrismaAdapter } from "@auth/prisma-adapter";
import { CredentialsSignin, type DefaultSession, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import Google from "next-auth/providers/google";
import { env } from "~/env";
import { merchantSignInSchema, staffSignInSchema } from "~/schemas/auth";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import { clientIp } from "~/server/request";
import { authenticateMerchant, authenticateStaff, ensureMerchant } from "~/server/services/accounts";
import type { SaasRoleName } from "~/schemas/staff";

export type UserType = "merchant" | "saas_admin";

declare module "next-auth" {
  interface Session {
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

export const isGoogleConfigured = Boolean(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);

export const authConfig = {
  adapter: PrismaAdapter(db),
  session: { strategy: "jwt", maxAge: 7 * 24 * 60 * 60 },
  secret: env.AUTH_SECRET,
  // The app is self-hosted behind whatever host the operator chooses; APP_URL pins links we generate.
  trustHost: true,
  pages: { signIn: "/auth", error: "/auth" },
  providers: [
    Credentials({
      id: "merchant",
      name: "Email and password",
      credentials: { email: {}, password: {} },
      async authorize(raw, request) {
        const parsed = merchantSignInSchema.safeParse(raw);
        if (!parsed.success) throw new SignInRefused("invalid_credentials");
        try {
          const merchant = await authenticateMerchant(parsed.data, clientIp(request.headers));
          return { ...merchant, userType: "merchant" };
        } catch (error) {
          throw refusalFor(error);
        }
      },
    }),
    Credentials({
      id: "staff",
      name: "Staff username and password",
      credentials: { username: {}, password: {} },
      async authorize(raw, request) {
        const parsed = staffSignInSchema.safeParse(raw);
        if (!parsed.success) throw new SignInRefused("invalid_credentials");
        try {
          const staff = await authenticateStaff(parsed.data, clientIp(request.headers));
          return { ...staff, userType: "saas_admin" };
        } catch (error) {
          throw refusalFor(error);
        }
      },
    }),
    ...(isGoogleConfigured ? [Google({ clientId: env.AUTH_GOOGLE_ID, clientSecret: env.AUTH_GOOGLE_SECRET })] : []),
  ],
  callbacks: {
    async jwt({ token, user, account }) {
      if (user && account) {
        if (account.provider === "google") {
          const merchant = await ensureMerchant({ id: user.id!, email: user.email!, name: user.name });
          token.name = merchant.name;
          token.userType = "merchant";
        } else {
          token.userType = user.userType;
          token.username = user.username;
          token.role = user.role;
        }
      }
      return token;
    },
    session({ session, token }) {
      session.user.id = token.sub!;
      session.user.userType = token.userType ?? "merchant";
      session.user.username = token.username;
      session.user.role = token.role;
      return session;
    },
  },
} satisfies NextAuthConfig;
