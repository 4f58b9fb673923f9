import { AsyncLocalStorage } from "node:async_hooks";

/**
 * One HTTP request's claim on the embedded database (ADR 29): its calls go before waiting background
 * work, and between two of its calls the session waits briefly for the next one rather than start a
 * background statement (pglite-thread.mjs). `end()` tells the database the request will make no more
 * calls, so background work need not wait out that grace.
 */
export class InteractiveScope {
  static #next = 1;
  readonly id = InteractiveScope.#next++;
  #onEnd: (() => void) | undefined;
  #ended = false;

  get ended(): boolean {
    return this.#ended;
  }

  /** Called by the database client on this scope's first call: what to do when the request ends. */
  whenEnded(callback: () => void): void {
    if (this.#ended || this.#onEnd) return;
    this.#onEnd = callback;
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#onEnd?.();
    this.#onEnd = undefined;
  }
}

const scope = new AsyncLocalStorage<InteractiveScope>();

/**
 * Runs `fn` (the handling of one HTTP request) with its embedded-database calls ahead of background
 * work waiting for PGlite's one session (ADR 29, pglite-thread.mjs). Whatever `fn` starts inherits
 * it. Pass the request's scope to end it when the answer is sent; without one, a scope is made and
 * its hold simply lapses. PostgreSQL has a pool of sessions and ignores it.
 */
export function runInteractive<T>(fn: () => T, request: InteractiveScope = new InteractiveScope()): T {
  return scope.run(request, fn);
}

/** The request scope the caller runs in, if any. */
export function interactiveScope(): InteractiveScope | undefined {
  return scope.getStore();
}

/** Whether the caller runs inside runInteractive. */
export function isInteractive(): boolean {
  return scope.getStore() !== undefined;
}

/** What the embedded database's calls of one caller cost everyone else (see meterSession). */
export interface SessionMeter {
  /** The longest the one session was kept from other callers by one call (a statement or a whole transaction), in ms. */
  longestMs: number;
  /** Calls that reported it. */
  calls: number;
}

const meters = new AsyncLocalStorage<SessionMeter>();

/**
 * Runs `fn` and finds the longest any one of its embedded-database calls kept PGlite's one session
 * (a statement's run, a transaction's hold from begin to end): a request arriving meanwhile waits
 * for that one call, not for the others (pglite-thread.mjs serves requests first). `sessionMs` is
 * null when nothing reported (PostgreSQL, whose pool lets other callers run beside it). Background
 * loops use it to size their slices (time-boxed slices, ADR 29).
 */
export async function meterSession<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; sessionMs: number | null }> {
  const meter: SessionMeter = { longestMs: 0, calls: 0 };
  const outer = meters.getStore();
  try {
    const result = await meters.run(meter, fn);
    return { result, sessionMs: meter.calls > 0 ? meter.longestMs : null };
  } finally {
    // A slice inside a slice (a simulator round storing its receipts in slices): the outer one
    // sees the inner one's calls too.
    if (outer && meter.calls > 0) {
      outer.longestMs = Math.max(outer.longestMs, meter.longestMs);
      outer.calls += meter.calls;
    }
  }
}

/** The meter of the caller's meterSession, if any (pglite-remote.ts reports to it). */
export function sessionMeter(): SessionMeter | undefined {
  return meters.getStore();
}
