import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";

/** The one error type services throw: a stable code plus a sentence a user may read. */
export type AppErrorCode =
  | "NOT_FOUND"
  | "FORBIDDEN"
  | "UNAUTHORIZED"
  | "CONFLICT"
  | "INVALID"
  | "PAYMENT_FAILED"
  | "RATE_LIMITED"
  | "TOO_LARGE"
  | "UPSTREAM"
  /** Too much work queued right now; nothing was done, the same call may succeed in a moment. */
  | "BUSY";

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly userMessage: string;
  /** Field name -> messages, for errors a form shows under its fields. */
  readonly fieldErrors?: Record<string, string[]>;
  /** Provider issue code (e.g. PayPal's INSTRUMENT_DECLINED), safe to show and to branch on. */
  readonly issue?: string;

  constructor(
    code: AppErrorCode,
    userMessage: string,
    options: { cause?: unknown; fieldErrors?: Record<string, string[]>; issue?: string } = {},
  ) {
    super(userMessage, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.userMessage = userMessage;
    this.fieldErrors = options.fieldErrors;
    this.issue = options.issue;
  }
}

const trpcCodeOf: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  NOT_FOUND: "NOT_FOUND",
  FORBIDDEN: "FORBIDDEN",
  UNAUTHORIZED: "UNAUTHORIZED",
  CONFLICT: "CONFLICT",
  INVALID: "BAD_REQUEST",
  PAYMENT_FAILED: "UNPROCESSABLE_CONTENT",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UPSTREAM: "BAD_GATEWAY",
  BUSY: "SERVICE_UNAVAILABLE",
};

const httpStatusOf: Record<AppErrorCode, number> = {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  UNAUTHORIZED: 401,
  CONFLICT: 409,
  INVALID: 400,
  PAYMENT_FAILED: 422,
  RATE_LIMITED: 429,
  TOO_LARGE: 413,
  UPSTREAM: 502,
  BUSY: 503,
};

/** Prisma's known request errors that a user can cause, by Prisma error code. */
function fromPrismaError(error: unknown): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "P2002") return new AppError("CONFLICT", "That already exists.", { cause: error });
  if (code === "P2025") return new AppError("NOT_FOUND", "Not found.", { cause: error });
  return null;
}

/** Maps anything thrown to an AppError, or null when it is an unexpected failure. */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (error instanceof TRPCError && error.cause instanceof AppError) return error.cause;
  return fromPrismaError(error);
}

export function trpcCodeFor(error: AppError): TRPC_ERROR_CODE_KEY {
  return trpcCodeOf[error.code];
}

export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: trpcCodeFor(error), message: error.userMessage, cause: error });
}

export function httpStatusFor(error: AppError): number {
  return httpStatusOf[error.code];
}
