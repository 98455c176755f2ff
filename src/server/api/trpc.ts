import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { z, ZodError } from "zod";
import { auth } from "~/server/auth";
import { hasStaffRole } from "~/server/auth/roles";
import { db } from "~/server/db";
import { AppError, toAppError, toTRPCError } from "~/server/errors";
import { describeError, logger, newRequestId } from "~/server/logger";
import { consumeRateLimit } from "~/server/rate-limit";
import { clientIp } from "~/server/request";
import type { SaasRoleName } from "~/schemas/staff";

export async function createTRPCContext(opts: { headers: Headers }) {
  const session = await auth();
  return { db, session, headers: opts.headers, ip: clientIp(opts.headers), requestId: newRequestId() };
}

export type TRPCContext = Awaited<ReturnType<typeof createTRPCContext>>;

const t = initTRPC.context<TRPCContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const appError = error.cause instanceof AppError ? error.cause : null;
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const zodFields = zodError ? (z.flattenError(zodError).fieldErrors as Record<string, string[]>) : undefined;
    const unexpected = error.code === "INTERNAL_SERVER_ERROR";
    return {
      ...shape,
      message: unexpected ? "Something went wrong. Please try again." : shape.message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        userMessage: unexpected
          ? "Something went wrong. Please try again."
          : (appError?.userMessage ?? (zodError ? "Please correct the highlighted fields." : error.message)),
        fieldErrors: appError?.fieldErrors ?? zodFields ?? null,
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

const base = t.procedure.use(errorMapping);

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
