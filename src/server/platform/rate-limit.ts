import {
  RateLimiterPrisma,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterStoreAbstract,
} from "rate-limiter-flexible";
import { env } from "~/env";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import type { JobHandlers } from "~/server/jobs";
import { redisKey, sharedRedis } from "~/server/platform/redis";

type Limiter = RateLimiterStoreAbstract;

// Counters every app instance shares: in Redis with REDIS_URL (one round trip, no table to sweep), else in the
// database (table rate_limits). While Redis is down its limiters fall back to the database's at once, so a Redis
// outage neither opens the limits nor fails the requests (the counts restart there for that while).
function limiter(keyPrefix: string, points: number, durationSeconds: number): Limiter {
  const inDatabase = new RateLimiterPrisma({
    storeClient: db,
    tableName: "rateLimit",
    keyPrefix,
    points,
    duration: durationSeconds,
    clearExpiredByTimeout: false,
  });
  const redis = sharedRedis();
  if (!redis) return inDatabase;
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: redisKey(`rate:${keyPrefix}`),
    points,
    duration: durationSeconds,
    rejectIfRedisNotReady: true,
    insuranceLimiter: inDatabase,
  });
}

export const MAIL_PER_IP_PER_HOUR = 20;
export const LICENSE_MISSES_PER_IP_PER_HOUR = 30;
export const REST_API_PER_KEY_PER_MINUTE = 120;
export const REST_API_MISSES_PER_IP_PER_HOUR = 30;
export const MAIL_PER_ADDRESS_PER_HOUR = 3;

const SIGN_IN_ATTEMPTS_PER_PAIR = 5;
const SIGN_IN_FREE_FAILURES = 10;
const SIGN_IN_MAX_GAP_SECONDS = 60;
const SIGN_IN_FAILURE_WINDOW_SECONDS = 60 * 60;
const KNOWN_ADDRESS_SECONDS = 90 * 24 * 60 * 60;

// Discount code checks: the preview ("Apply") and the order both look a code up, so both answers tell
// whether a guess exists. Only checks that find no usable code count (checkout-pricing.ts gives a good code's
// point back), so a buyer clicking Apply, or a sale where many buyers type the right code, never meets them.
// A buyer mistyping a few times stays far under 20 per address; 100 wrong codes at one POP in 10 minutes is
// somebody guessing, from several addresses. Over either, every check of that address or POP answers 429 (a good
// code too, so the refusal tells nothing) for the rest of the 10 minutes; buying without a code still works.
export const CODE_CHECKS_PER_IP = 20;
export const CODE_CHECKS_PER_POP = 100;
const CODE_CHECK_WINDOW_SECONDS = 10 * 60;

// Built on first use: `next build` imports this module without runtime configuration.
const budgets = {
  signInByIp: () => limiter("signin-ip", env.SIGNIN_LIMIT_PER_IP, 15 * 60),
  signInByPair: () => limiter("signin-pair", SIGN_IN_ATTEMPTS_PER_PAIR, 15 * 60),
  // Failed sign-ins of one account from any address: only counted (see admitSignIn), never refused by itself.
  signInFailures: () => limiter("signin-failures", 2 ** 31 - 1, SIGN_IN_FAILURE_WINDOW_SECONDS),
  // Account and address pairs that signed in successfully: a remembered fact rather than a budget.
  signInKnownPair: () => limiter("signin-known", 1, KNOWN_ADDRESS_SECONDS),
  // Wrong current passwords in "Change password" (merchants and staff), reset when the change succeeds.
  signInByAccount: () => limiter("signin-account", 10, 15 * 60),
  signUpByIp: () => limiter("signup-ip", env.SIGNUP_LIMIT_PER_IP, 60 * 60),
  publicApiByIp: () => limiter("public-ip", 600, 60),
  // The License API: Lemon Squeezy's 60 a minute per address, 30 a minute per key (an app checking in a loop), and
  // 30 unknown keys an hour per address: guessing keys, even short imported ones, gets nowhere.
  licenseApiByIp: () => limiter("license-ip", 60, 60),
  licenseApiByKey: () => limiter("license-key", 30, 60),
  licenseMissesByIp: () => limiter("license-miss", LICENSE_MISSES_PER_IP_PER_HOUR, 60 * 60),
  // The public REST API: 120 requests a minute per key, and 30 unknown or revoked keys an hour per address.
  restApiByKey: () => limiter("rest-key", REST_API_PER_KEY_PER_MINUTE, 60),
  restApiMissesByIp: () => limiter("rest-miss", REST_API_MISSES_PER_IP_PER_HOUR, 60 * 60),
  // Requests that send mail ("Lost your download?", password resets, verification links, sign-up attempts on a
  // taken address): a few per address per hour, so nobody can flood an inbox through us.
  mailByIp: () => limiter("mail-ip", MAIL_PER_IP_PER_HOUR, 60 * 60),
  mailByAddress: () => limiter("mail-address", MAIL_PER_ADDRESS_PER_HOUR, 60 * 60),
  codeCheckByIp: () => limiter("code-ip", CODE_CHECKS_PER_IP, CODE_CHECK_WINDOW_SECONDS),
  codeCheckByPop: () => limiter("code-pop", CODE_CHECKS_PER_POP, CODE_CHECK_WINDOW_SECONDS),
  // New IPN messages stored per minute (/api/wps/ipn): per address, so one sender cannot spend the total, and in
  // all, so many senders cannot flood the inbox and the queue. PayPal resends a refused message later.
  wpsIpnByIp: () => limiter("wps-ipn-ip", env.WPS_IPN_LIMIT_PER_IP, 60),
  wpsIpnTotal: () => limiter("wps-ipn-total", env.WPS_IPN_LIMIT_TOTAL, 60),
};

export type RateLimitName = keyof typeof budgets;

const limiters = new Map<RateLimitName, Limiter>();

function limiterFor(name: RateLimitName): Limiter {
  let existing = limiters.get(name);
  if (!existing) limiters.set(name, (existing = budgets[name]()));
  return existing;
}

function retryText(ms: number) {
  const minutes = Math.ceil(ms / 60_000);
  return minutes <= 1 ? "in a minute" : `in ${minutes} minutes`;
}

async function consumeOrRefuse(limiter: Limiter, key: string, what = "attempts"): Promise<void> {
  try {
    await limiter.consume(key.toLowerCase());
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      throw new AppError("RATE_LIMITED", `Too many ${what}. Please try again ${retryText(error.msBeforeNext)}.`);
    }
    throw error;
  }
}

/**
 * Counts one hit against the key; throws RATE_LIMITED once it is over its budget, with "Too many {what}" (default
 * "attempts") and when to try again.
 */
export async function consumeRateLimit(name: RateLimitName, key: string, what?: string): Promise<void> {
  await consumeOrRefuse(limiterFor(name), key, what);
}

/** A budget's state after one counted hit, as RateLimit-* headers tell it; `allowed` false once it is spent. */
export interface BudgetState {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** Counts one hit against the key and answers the budget's state instead of throwing. */
export async function consumeBudget(name: RateLimitName, key: string): Promise<BudgetState> {
  const limiter = limiterFor(name);
  try {
    const state = await limiter.consume(key.toLowerCase());
    return {
      allowed: true,
      limit: limiter.points,
      remaining: state.remainingPoints,
      resetSeconds: Math.ceil(state.msBeforeNext / 1000),
    };
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    return { allowed: false, limit: limiter.points, remaining: 0, resetSeconds: Math.ceil(error.msBeforeNext / 1000) };
  }
}

/** Gives one counted hit back, e.g. for a check that turned out not to be what the budget counts. */
export async function refundRateLimit(name: RateLimitName, key: string): Promise<void> {
  await limiterFor(name).reward(key.toLowerCase(), 1);
}

/** Whether the key has spent its budget, without counting a hit. */
export async function isRateLimitSpent(name: RateLimitName, key: string): Promise<boolean> {
  const spent = await limiterFor(name).get(key.toLowerCase());
  return spent !== null && spent.remainingPoints <= 0;
}

/** Forgets a key's hits, e.g. once the password it was guessing for is given right. */
export async function resetRateLimit(name: RateLimitName, key: string): Promise<void> {
  await limiterFor(name).delete(key.toLowerCase());
}

/*
 * Sign-in. A limit per account alone let anyone lock the owner out with ten wrong passwords; a limit per
 * address alone lets a guesser with many addresses try forever. So:
 * - per address, across accounts (SIGNIN_LIMIT_PER_IP per 15 minutes): one address cannot spray many accounts;
 * - per account and address pair, 5 attempts per 15 minutes, cleared by a successful sign-in: refuses that pair
 *   only, so nobody elsewhere can spend the owner's attempts;
 * - per account, across every address: after 10 failures within an hour, addresses that never signed in to the
 *   account get one attempt per gap, the gap doubling with each further failure from 1 s up to 60 s. Guessing one
 *   account from any number of addresses thus stays under ~75 tries an hour (ASVS 2.2.1 asks for at most 100).
 *   Addresses the account signed in from within 90 days skip the gap: the owner at home or at the office gets in
 *   with the right password during an attack. From a new address the owner shares the gap's slots with the
 *   attacker while the attack lasts.
 * A gap refuses rather than delays: a server-side wait would not slow a guesser who sends attempts in parallel.
 */
const gapLimiters = new Map<number, Limiter>();

function signInGap(seconds: number): Limiter {
  let existing = gapLimiters.get(seconds);
  // One key prefix for every length: an attempt opens a slot of the current length once the previous one ended.
  if (!existing) gapLimiters.set(seconds, (existing = limiter("signin-gap", 1, seconds)));
  return existing;
}

/** The wait a new address has before its attempt, after this many failures of the account: 0 for the first 10. */
function signInGapSeconds(failures: number): number {
  if (failures < SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - SIGN_IN_FREE_FAILURES), SIGN_IN_MAX_GAP_SECONDS);
}

const pairKey = (account: string, ip: string) => `${account}|${ip}`.toLowerCase();

/**
 * Before a password check for `account` ("merchant:<email>", "staff:<username>") from `ip`: throws RATE_LIMITED
 * with the time to wait when this address, this pair, or (for an address new to the account) the account's gap
 * says no.
 */
export async function admitSignIn(account: string, ip: string): Promise<void> {
  await consumeRateLimit("signInByIp", ip);
  await consumeRateLimit("signInByPair", pairKey(account, ip));
  if (await limiterFor("signInKnownPair").get(pairKey(account, ip))) return;
  const failures = (await limiterFor("signInFailures").get(account.toLowerCase()))?.consumedPoints ?? 0;
  const gap = signInGapSeconds(failures);
  if (gap > 0) await consumeOrRefuse(signInGap(gap), account);
}

/** A wrong password, or an account that does not exist (counted alike so the counts tell nothing). */
export async function recordSignInFailure(account: string): Promise<void> {
  await limiterFor("signInFailures").consume(account.toLowerCase());
}

/** Clears the pair's attempts and remembers the address as one the account signs in from. */
export async function recordSignInSuccess(account: string, ip: string): Promise<void> {
  await resetRateLimit("signInByPair", pairKey(account, ip));
  await limiterFor("signInKnownPair").set(pairKey(account, ip), 1, KNOWN_ADDRESS_SECONDS);
}

/**
 * The "rate-limits.sweep" job: counters whose window has ended (Redis expires its own). Every address and account that ever made a limited
 * request leaves a row, and rate-limiter-flexible only replaces one when the same key comes back.
 */
export async function sweepExpiredRateLimits(now = new Date()): Promise<number> {
  const { count } = await db.rateLimit.deleteMany({ where: { expire: { lt: now } } });
  return count;
}

/** The rate limiter's scheduled job, run by the workers (src/server/job-handlers.ts). */
export const rateLimitJobHandlers = {
  "rate-limits.sweep": async () => {
    await sweepExpiredRateLimits();
  },
} satisfies Partial<JobHandlers>;
