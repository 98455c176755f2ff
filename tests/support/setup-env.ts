import { inject } from "vitest";

// Runs before each test file imports the app, so src/env.js validates the run's own database and secrets.
Object.assign(process.env, inject("testEnv"));
