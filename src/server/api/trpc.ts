import { initTRPC, TRPCError } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import superjson from "superjson";
import { z, ZodError } from "zod";
import { auth } from "~/server/auth";
import { hasStaffRole } from "~/server/auth/roles";
import { db } from "~/server/platform/db";
import { AppError, httpStatusFor, toAppError, toTRPCError, trpcCodeFor } from "~/server/platform/errors";
import { describeError, logger, newRequestId } from "~/server/platform/logger";
import { consumeRateLimit } from "~/server/platform/rate-limit";
import { assertSafeText, clientIp } from "~/server/platform/request";
import type { SaasRoleName } from "~/schemas/staff";
import type { SaasUser } from "~/generated/prisma/client";

export async function createTRPCContext(opts: { headers: Headers }) {
  const session = await auth();
  return { db, session, headers: opts.headers, ip: clientIp(opts.headers), requestId: newRequestId() };
}

export type TRPCContext = Awaited<ReturnType<typeof createTRPCContext>>;

const UNEXPECTED_MESSAGE = "Something went wrong. Please try again.";

/**
 * What an error that is neither an AppError nor a schema failure says. Only the procedure tiers below raise
 * UNAUTHORIZED and FORBIDDEN, in words meant for users; the rest come from tRPC itself, whose messages can quote
 * the request back (a JSON parser's complaint, the path asked for), so they get a fixed sentence.
 */
function plainMessage(code: TRPC_ERROR_CODE_KEY, message: string): string {
  if (code === "UNAUTHORIZED" || code === "FORBIDDEN") return message;
  if (code === "NOT_FOUND") return "Not found.";
  return "The request is not valid.";
}

const t = initTRPC.context<TRPCContext>().create({
  transformer: superjson,
  /**
   * Every error body is built here from our own words: an AppError's user message, one sentence for a schema
   * failure (its messages go by field), a fixed one otherwise. tRPC's message (for a schema failure the raw issue
   * list), stack and path are never sent.
   */
  errorFormatter({ shape, error }) {
    const appError = error.cause instanceof AppError ? error.cause : null;
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const zodFields = zodError ? (z.flattenError(zodError).fieldErrors as Record<string, string[]>) : undefined;
    // An AppError raised where tRPC wraps it itself (reading the body) keeps its own code and status.
    const code = appError ? trpcCodeFor(appError) : error.code;
    // Also a failed output schema: its issues describe our data, not the caller's.
    const isUnexpected = code === "INTERNAL_SERVER_ERROR";
    const userMessage = isUnexpected
      ? UNEXPECTED_MESSAGE
      : (appError?.userMessage ??
        (zodError ? "Please correct the highlighted fields." : plainMessage(code, error.message)));
    return {
      code: TRPC_ERROR_CODES_BY_KEY[code],
      message: userMessage,
      data: {
        code,
        httpStatus: appError ? httpStatusFor(appError) : shape.data.httpStatus,
        userMessage,
        fieldErrors: isUnexpected ? null : (appError?.fieldErrors ?? zodFields ?? null),
        issue: appError?.issue ?? null,
      },
    };
  },
});

export const createCallerFactory = t.createCallerFactory;
export const createTRPCRouter = t.router;

/** Services throw AppError; unknown failures are logged with an id and never shown raw. */
const errorMapping = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause ?? result.error;
    const appError = toAppError(cause);
    if (appError) return { ...result, error: toTRPCError(appError) } as typeof result;
    if (result.error.code === "INTERNAL_SERVER_ERROR") {
      logger.error("procedure failed", { path, requestId: ctx.requestId, ...describeError(cause) });
    }
  }
  return result;
});

/**
 * Input hygiene for every procedure (see assertSafeText), on the raw input before any schema or service sees it
 * and before anything is counted or written: one check, so no schema or procedure can be left out.
 */
const safeInput = t.middleware(async ({ getRawInput, next }) => {
  assertSafeText(await getRawInput());
  return next();
});

const base = t.procedure.use(errorMapping).use(safeInput);

/** Anyone; counted per IP so a single client cannot flood the public surface. */
export const publicProcedure = base.use(async ({ ctx, next }) => {
  await consumeRateLimit("publicApiByIp", ctx.ip);
  return next();
});

/** A signed-in merchant: ctx.merchantId is the only merchant id a service may act for. */
export const merchantProcedure = base.use(async ({ ctx, next }) => {
  const user = ctx.session?.user;
  if (!user || user.userType !== "merchant") {
    throw new TRPCError({ code: "UNAUTHORIZED", message: "User not authenticated" });
  }
  return next({ ctx: { ...ctx, merchantId: user.id, user } });
});

/** A signed-in, still-active staff member with at least `minRole`; re-read from the database on every call. */
export function staffProcedure(minRole: SaasRoleName) {
  return base.use(async ({ ctx, next }) => {
    const user = ctx.session?.user;
    if (!user || user.userType !== "saas_admin") {
      throw new TRPCError({ code: "UNAUTHORIZED", message: "User not authenticated" });
    }
    const staff = await ctx.db.saasUser.findUnique({ where: { id: user.id } });
    if (!staff?.isActive) throw new TRPCError({ code: "UNAUTHORIZED", message: "Account is disabled" });
    if (!hasStaffRole(staff.role, minRole)) {
      throw new TRPCError({ code: "FORBIDDEN", message: "You do not have permission to do this." });
    }
    return next({ ctx: { ...ctx, staff } });
  });
}

/** What a staff query or mutation runs: a service given the staff member and the parsed input. */
type StaffService<Schema extends z.ZodType, Answer> = (staff: SaasUser, input: z.output<Schema>) => Promise<Answer>;

// tRPC cannot see through a generic schema that its output is the parsed input: it is.
export function staffQuery<S extends z.ZodType, A>(minRole: SaasRoleName, schema: S, run: StaffService<S, A>) {
  return staffProcedure(minRole)
    .input(schema)
    .query(({ ctx, input }) => run(ctx.staff, input as z.output<S>));
}

export function staffMutation<S extends z.ZodType, A>(minRole: SaasRoleName, schema: S, run: StaffService<S, A>) {
  return staffProcedure(minRole)
    .input(schema)
    .mutation(({ ctx, input }) => run(ctx.staff, input as z.output<S>));
}
