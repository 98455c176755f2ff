import { config } from "zod/v4/core";

// Runs in the browser before the app does (Next's instrumentation-client). Zod 4 probes whether it may compile
// parsers with `new Function`; under our CSP, which forbids eval (src/server/platform/security-headers.ts), the probe is
// caught but still reported as a policy violation on every page with a form. Jitless parsing skips the probe.
config({ jitless: true });
