/**
 * A circuit breaker per receiving host (ADR 34), kept by each sending process. A host whose
 * attempts end in `failures` unanswered exchanges in a row (no connection within the connect
 * limit, no answer within the timeout, refused or reset) is paused: its due deliveries are put off
 * to the pause's end without an attempt being counted. After the pause one probe at a time goes
 * out; an answer (any HTTP status: the host is up) closes the breaker, another failure pauses the
 * host again for twice as long, up to `maxPauseMs`.
 */
export interface BreakerOptions {
  failures: number;
  firstPauseMs: number;
  maxPauseMs: number;
}

export const BREAKER_DEFAULTS: BreakerOptions = {
  failures: 5,
  firstPauseMs: 30_000,
  maxPauseMs: 10 * 60_000,
};

/** Errors that mean the host itself did not answer: they trip the breaker. */
const UNANSWERED = new Set([
  "webhooks.error.timeout",
  "webhooks.error.connect_timeout",
  "webhooks.error.refused",
  "webhooks.error.reset",
  "webhooks.error.network",
]);

interface HostState {
  failures: number;
  pauseMs: number;
  /** Set while open or half-open (past it: one probe at a time). */
  openUntil: number | null;
}

export class HostBreakers {
  private readonly hosts = new Map<string, HostState>();
  private readonly options: BreakerOptions;

  constructor(options: Partial<BreakerOptions> = {}) {
    this.options = { ...BREAKER_DEFAULTS, ...options };
  }

  /** The end of the host's pause, while it lasts; null otherwise. */
  pausedUntil(host: string, now: number): number | null {
    const until = this.hosts.get(host)?.openUntil ?? null;
    return until !== null && now < until ? until : null;
  }

  /** POSTs the host may have in flight: `normal`, or 1 (the probe) after a pause. */
  limit(host: string, normal: number): number {
    return this.hosts.get(host)?.openUntil != null ? 1 : normal;
  }

  /**
   * Takes an attempt's outcome; answers the end of a pause that starts now (the caller puts the
   * host's deliveries off until then), or null.
   */
  record(
    host: string,
    outcome: { httpStatus: number | null; error: string | null },
    now: number,
  ): number | null {
    if (outcome.httpStatus !== null) {
      this.hosts.delete(host);
      return null;
    }
    if (outcome.error === null || !UNANSWERED.has(outcome.error)) return null;
    const state = this.hosts.get(host) ?? { failures: 0, pauseMs: 0, openUntil: null };
    this.hosts.set(host, state);
    if (state.openUntil !== null && now < state.openUntil) return null;
    state.failures += 1;
    const probeFailed = state.openUntil !== null;
    if (!probeFailed && state.failures < this.options.failures) return null;
    state.pauseMs = probeFailed
      ? Math.min(state.pauseMs * 2, this.options.maxPauseMs)
      : this.options.firstPauseMs;
    state.openUntil = now + state.pauseMs;
    return state.openUntil;
  }
}
