import { AuthError, CredentialsSignin } from "next-auth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authLogger } from "./logger";

afterEach(() => vi.restoreAllMocks());

function capture() {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const lines = (spy: typeof warn) =>
    spy.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
  return { warns: () => lines(warn), errors: () => lines(error) };
}

describe("authLogger", () => {
  it("logs a refused sign-in as one warning with its code and no stack", () => {
    const log = capture();
    const refused = new CredentialsSignin();
    refused.code = "account_disabled";
    authLogger.error(refused);
    expect(log.errors()).toEqual([]);
    expect(log.warns()).toEqual([
      { level: "warn", time: expect.any(String) as string, message: "Sign-in refused", code: "account_disabled" },
    ]);
  });

  it("logs a caller's malformed request as a warning", () => {
    const log = capture();
    class MissingCSRF extends AuthError {
      static type = "MissingCSRF";
    }
    authLogger.error(new MissingCSRF("CSRF token was missing"));
    expect(log.errors()).toEqual([]);
    expect(log.warns()).toMatchObject([{ message: "Auth request refused", type: "MissingCSRF" }]);
  });

  it("logs anything else as an error with its stack and the cause Auth.js wrapped", () => {
    const log = capture();
    class CallbackRouteError extends AuthError {
      static type = "CallbackRouteError";
    }
    authLogger.error(new CallbackRouteError("Callback failed", { cause: { err: new Error("database is down") } }));
    const [line] = log.errors();
    expect(line).toMatchObject({ level: "error", message: "Auth error", type: "CallbackRouteError" });
    expect(line?.stack).toEqual(expect.any(String));
    expect(line?.cause).toBe("database is down");
  });
});
