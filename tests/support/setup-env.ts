import { inject } from "vitest";

// Runs before each test file imports the app, so src/env.js validates the run's own database and secrets.
Object.assign(process.env, inject("testEnv"));
// Test receivers of merchant webhooks listen on 127.0.0.1; the guard itself is tested with the flag off.
process.env.ALLOW_PRIVATE_WEBHOOK_URLS = "1";
