import { createEnv } from "@t3-oss/env-nextjs";
import { z } from "zod";

const flag = z
  .enum(["0", "1", "true", "false"])
  .optional()
  .transform((value) => value === "1" || value === "true");

/** The only reader of process.env. Every variable is documented in .env.example. */
export const env = createEnv({
  server: {
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    DATABASE_URL: z.url(),
    EMBEDDED_DB: flag,
    POPKIT_DEMO: flag,
    APP_URL: z.url().default("http://localhost:3000"),
    AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters"),
    SIGNIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
    SIGNUP_LIMIT_PER_IP: z.coerce.number().int().positive().default(10),
    AUTH_GOOGLE_ID: z.string().optional(),
    AUTH_GOOGLE_SECRET: z.string().optional(),
    ENCRYPTION_KEY: z.string().regex(/^[0-9a-f]{64}$/i, "ENCRYPTION_KEY must be 32 bytes as 64 hex characters"),
  },
  client: {},
  experimental__runtimeEnv: {},
  // `next build` runs without runtime secrets; the app validates them when it starts.
  skipValidation: process.env.SKIP_ENV_VALIDATION === "1",
  emptyStringAsUndefined: true,
});
