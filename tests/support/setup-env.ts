import { AsyncLocalStorage } from "node:async_hooks";
import { inject } from "vitest";

// Next's server sets this global at boot, before any app module loads; without it, whichever file first imports
// Next's request storage would freeze it as a stub that throws, for every file sharing the module graph.
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;

// Runs before each test file imports the app, so src/env.js validates the run's own database and secrets.
Object.assign(process.env, inject("testEnv"));
// Test receivers of merchant webhooks listen on 127.0.0.1; the guard itself is tested with the flag off.
process.env.ALLOW_PRIVATE_WEBHOOK_URLS = "1";
