import { beforeAll, describe, expect, it } from "vitest";
import type * as Env from "~/env";

let appUrlProblem: typeof Env.appUrlProblem;

beforeAll(async () => {
  // The check itself, without validating this process's environment.
  process.env.SKIP_ENV_VALIDATION = "1";
  ({ appUrlProblem } = await import("~/env"));
});

describe("appUrlProblem", () => {
  const production = { NODE_ENV: "production", POPKIT_DEMO: false } as const;
  it("refuses a plain-http public APP_URL in production", () => {
    expect(appUrlProblem({ ...production, APP_URL: "http://shop.example.com" })).toMatch(/must be an https:\/\/ URL/);
  });
  it("accepts https, a loopback URL, the demo and development", () => {
    expect(appUrlProblem({ ...production, APP_URL: "https://shop.example.com" })).toBeNull();
    expect(appUrlProblem({ ...production, APP_URL: "http://127.0.0.1:3000" })).toBeNull();
    expect(appUrlProblem({ ...production, APP_URL: "http://localhost:3000" })).toBeNull();
    expect(appUrlProblem({ ...production, POPKIT_DEMO: true, APP_URL: "http://192.168.1.5:3000" })).toBeNull();
    expect(appUrlProblem({ NODE_ENV: "development", POPKIT_DEMO: false, APP_URL: "http://x.example" })).toBeNull();
  });
});
