/** The first retry waits this long; each next one twice as long (docs/webhooks.md). */
export const WEBHOOK_FIRST_RETRY_MS = 30_000;
/** No wait between two attempts is longer. */
export const WEBHOOK_MAX_RETRY_MS = 2 * 60 * 60 * 1000;
/** A delivery is retried for this long after the status change, then failed. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The wait after the `failures`-th failed attempt: 30 s × 2^(failures−1), capped at 2 h, spread
 * by ±20 % (`random` in [0, 1): 0.5 is the exact schedule) so receivers that come back are not hit
 * by every retry in the same second.
 */
export function retryDelayMs(failures: number, random: number): number {
  const base = Math.min(WEBHOOK_FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), WEBHOOK_MAX_RETRY_MS);
  return Math.round(base * (0.8 + 0.4 * random));
}

export type AttemptOutcome =
  | { status: "delivered"; nextAttemptAt: null }
  | { status: "pending"; nextAttemptAt: Date }
  | { status: "failed"; nextAttemptAt: null };

/**
 * What an attempt leaves: a 2xx is delivered; otherwise the next attempt after the backoff, never
 * later than 24 h after the change (a last try at the end of the window), and failed once the
 * window is over.
 */
export function outcomeOf(
  httpStatus: number | null,
  failuresBefore: number,
  createdAt: Date,
  now: Date,
  random: number,
): AttemptOutcome {
  if (httpStatus !== null && httpStatus >= 200 && httpStatus < 300) {
    return { status: "delivered", nextAttemptAt: null };
  }
  const deadline = createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS;
  if (now.getTime() >= deadline) return { status: "failed", nextAttemptAt: null };
  const next = Math.min(now.getTime() + retryDelayMs(failuresBefore + 1, random), deadline);
  return { status: "pending", nextAttemptAt: new Date(next) };
}
