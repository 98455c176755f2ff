import NextAuth from "next-auth";
import { cache } from "react";
import { authConfig } from "~/server/auth/config";

const nextAuth = NextAuth(authConfig);

export const { handlers, signIn, signOut } = nextAuth;
/** The session for this request, read once per render. */
export const auth = cache(nextAuth.auth);
