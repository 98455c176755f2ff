import { TRPCError } from "@trpc/server";
import { expect } from "vitest";
import { z, ZodError } from "zod";

/** A procedure's refusal as the error formatter reads it: an AppError or a schema failure carries field errors. */
export type RefusedCall = TRPCError & { cause?: { fieldErrors?: Record<string, string[]> } };

/**
 * What a call that should be refused was rejected with. A call that succeeds fails the test here, so a test
 * that checks the refusal's code or message cannot pass on a call that went through.
 */
export async function rejectionOf<E = RefusedCall>(promise: Promise<unknown>): Promise<E> {
  return (await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error,
  )) as E;
}

/** A procedure call's refusal, checked to be tRPC's own error (not a crash on the way to it). */
export async function trpcErrorOf(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await rejectionOf<unknown>(promise);
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

export type Refusal = { code: string; message: string; fieldErrors: Record<string, string[]> | null };

/**
 * A refused procedure call as the dashboard sees it: its code, its sentence and the messages by field (an
 * AppError's own, or a schema failure's by field, as the error formatter sends them).
 */
export async function refusalOf(promise: Promise<unknown>): Promise<Refusal> {
  const error = await rejectionOf(promise);
  const fieldErrors =
    error.cause instanceof ZodError
      ? (z.flattenError(error.cause).fieldErrors as Record<string, string[]>)
      : (error.cause?.fieldErrors ?? null);
  return { code: error.code, message: error.message, fieldErrors };
}
