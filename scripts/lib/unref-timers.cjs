// Preloaded (NODE_OPTIONS=--require) into the Prisma 6.19 CLI only, by scripts/prisma.mjs.
// The CLI leaves a long timer behind, so the process idles 10-60 s after its work is done. Long timers
// are unref'd: they still fire while the process is alive for other reasons (open sockets, pending
// I/O), they just no longer keep it alive on their own.
"use strict";
const LONG_MS = 5_000;
// util.promisify(setTimeout) relies on this (documented, global) symbol.
const PROMISIFY_CUSTOM = Symbol.for("nodejs.util.promisify.custom");

for (const name of /** @type {const} */ (["setTimeout", "setInterval"])) {
  /** @type {Function & { [PROMISIFY_CUSTOM]?: unknown }} */
  const original = globalThis[name];
  /**
   * @this {unknown}
   * @param {unknown[]} args callback, delay, callback arguments
   */
  function unrefLongTimer(...args) {
    const timer = original.apply(this, args);
    if (Number(args[1]) >= LONG_MS) timer.unref?.();
    return timer;
  }
  if (original[PROMISIFY_CUSTOM]) {
    Object.defineProperty(unrefLongTimer, PROMISIFY_CUSTOM, { value: original[PROMISIFY_CUSTOM] });
  }
  // @ts-expect-error -- a wrapper with the same call signature as the global it replaces
  globalThis[name] = unrefLongTimer;
}
