import { describe, expect, it } from "vitest";
import { AppError, httpStatusFor, toAppError, toTRPCError } from "~/server/platform/errors";

describe("error map", () => {
  it("keeps AppErrors and their user message", () => {
    const error = new AppError("NOT_FOUND", "Payment button not found");
    expect(toAppError(error)).toBe(error);
    expect(toTRPCError(error).code).toBe("NOT_FOUND");
    expect(toTRPCError(error).message).toBe("Payment button not found");
    expect(httpStatusFor(error)).toBe(404);
  });

  it("maps Prisma's unique and missing-row errors", () => {
    expect(toAppError({ code: "P2002" })?.code).toBe("CONFLICT");
    expect(toAppError({ code: "P2025" })?.code).toBe("NOT_FOUND");
  });

  it("leaves unexpected errors unmapped so they are logged, not shown", () => {
    expect(toAppError(new Error("connection refused"))).toBeNull();
  });

  it("maps each code to its tRPC code", () => {
    expect(toTRPCError(new AppError("RATE_LIMITED", "x")).code).toBe("TOO_MANY_REQUESTS");
    expect(toTRPCError(new AppError("INVALID", "x")).code).toBe("BAD_REQUEST");
    expect(toTRPCError(new AppError("UPSTREAM", "x")).code).toBe("BAD_GATEWAY");
    expect(toTRPCError(new AppError("TOO_LARGE", "x")).code).toBe("PAYLOAD_TOO_LARGE");
    expect(httpStatusFor(new AppError("TOO_LARGE", "x"))).toBe(413);
  });
});
