/**
 * What a pass of a poller answers: `idle` (nothing was due: look again after the interval), `more`
 * (work is left: go on at once), or `{ wake }` (busy: go on when `wake` settles, or after the
 * interval, whichever comes first).
 */
export type PollOutcome = "idle" | "more" | { wake: Promise<unknown> };

export interface PollerOptions {
  /** One pass: claims what is due (each loop's own claim: row locks, leases) and works on it. */
  tick: () => Promise<PollOutcome | undefined>;
  /** The pause after an idle or failed pass. */
  intervalMs: number;
  log: { warn: (obj: object, msg: string) => void };
  /** Logged with the error of a pass that threw ("… failed; trying again"). */
  failure: string;
}

/**
 * The loop of every background poller of roles `all` and `worker` (delivery reports, schedules,
 * webhooks; started by the modules' manifests, ADR 85): one pass at a time, never two at once, a
 * pause of `intervalMs` after a pass that found nothing or threw (the error is logged, the loop
 * goes on: a crashed pass is retried by the next), and a stop that waits for the pass in progress
 * and starts none after it. What is claimed, and how it is kept from other processes (SKIP
 * LOCKED, a lease in a column), stays each loop's own (ADR 90). Answers the stop function.
 */
export function startPoller(options: PollerOptions): () => Promise<void> {
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  const pause = (ms: number, wake?: Promise<unknown>) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        // A late `wake` must not clear a later pause's.
        if (wakeUp === done) wakeUp = null;
        resolve();
      }
      wakeUp = done;
      wake?.then(done, done);
    });
  const loop = (async () => {
    while (!stopped) {
      let outcome: PollOutcome | undefined;
      try {
        outcome = await options.tick();
      } catch (err) {
        options.log.warn({ err }, options.failure);
        outcome = "idle";
      }
      if (stopped) break;
      if (outcome === "more") continue;
      await pause(options.intervalMs, typeof outcome === "object" ? outcome.wake : undefined);
    }
  })();
  return async () => {
    stopped = true;
    wakeUp?.();
    await loop;
  };
}
