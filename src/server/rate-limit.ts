import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "~/env";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";

// Counters live in the database (table rate_limits) so every app instance shares them.
function limiter(keyPrefix: string, points: number, durationSeconds: number) {
  return new RateLimiterPrisma({
    storeClient: db,
    tableName: "rateLimit",
    keyPrefix,
    points,
    duration: durationSeconds,
    clearExpiredByTimeout: false,
  });
}

export const MAIL_PER_IP_PER_HOUR = 20;
export const MAIL_PER_ADDRESS_PER_HOUR = 3;

// Built on first use: `next build` imports this module without runtime configuration.
const budgets = {
  signInByIp: () => limiter("signin-ip", env.SIGNIN_LIMIT_PER_IP, 15 * 60),
  signInByAccount: () => limiter("signin-account", 10, 15 * 60),
  signUpByIp: () => limiter("signup-ip", env.SIGNUP_LIMIT_PER_IP, 60 * 60),
  publicApiByIp: () => limiter("public-ip", 600, 60),
  // Requests that send mail ("Lost your download?", password resets, verification links, sign-up attempts on a
  // taken address): a few per address per hour, so nobody can flood an inbox through us.
  mailByIp: () => limiter("mail-ip", MAIL_PER_IP_PER_HOUR, 60 * 60),
  mailByAddress: () => limiter("mail-address", MAIL_PER_ADDRESS_PER_HOUR, 60 * 60),
};

export type RateLimitName = keyof typeof budgets;

const limiters = new Map<RateLimitName, RateLimiterPrisma>();

function limiterFor(name: RateLimitName): RateLimiterPrisma {
  let existing = limiters.get(name);
  if (!existing) limiters.set(name, (existing = budgets[name]()));
  return existing;
}

function retryText(ms: number) {
  const minutes = Math.ceil(ms / 60_000);
  return minutes <= 1 ? "in a minute" : `in ${minutes} minutes`;
}

/** Counts one hit against each key; throws RATE_LIMITED once any of them is over its budget. */
export async function consumeRateLimit(name: RateLimitName, key: string): Promise<void> {
  try {
    await limiterFor(name).consume(key.toLowerCase());
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      throw new AppError("RATE_LIMITED", `Too many attempts. Please try again ${retryText(error.msBeforeNext)}.`);
    }
    throw error;
  }
}

/** Forgets an account's failed sign-ins once it signs in successfully. */
export async function resetRateLimit(name: RateLimitName, key: string): Promise<void> {
  await limiterFor(name).delete(key.toLowerCase());
}
