import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<"interactive">();

/**
 * Runs `fn` (the handling of one HTTP request) with its embedded-database calls ahead of background
 * work waiting for PGlite's one session (ADR 29, pglite-thread.mjs). Whatever `fn` starts inherits
 * it. PostgreSQL has a pool of sessions and ignores it.
 */
export function runInteractive<T>(fn: () => T): T {
  return scope.run("interactive", fn);
}

/** Whether the caller runs inside runInteractive. */
export function isInteractive(): boolean {
  return scope.getStore() === "interactive";
}
