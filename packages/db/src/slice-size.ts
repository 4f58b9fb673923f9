import { meterSession } from "./priority.ts";

export interface SliceSizeOptions {
  /** The size to start with (on the embedded database, a safe guess; later slices are measured). */
  initial: number;
  /**
   * The size from the second slice on where nothing is measured (PostgreSQL, whose pool lets
   * requests run beside a slice, so bigger slices only save round trips); `initial` by default.
   */
  unmeasured?: number;
  min: number;
  max: number;
  /** How long one call of a slice may keep the embedded database's session (default SLICE_TARGET_MS). */
  targetMs?: number;
}

/**
 * The embedded database's one session is kept by a slice for at most about this long: a request
 * arriving meanwhile waits for it (ADR 29), and the isolation target is a 99th percentile of 250 ms.
 */
export const SLICE_TARGET_MS = 40;

/**
 * Time-boxed slices (ADR 29): a background loop (import, export, dispatch, receipts) that works
 * through rows a slice at a time asks this for the slice's size. On the embedded database, each
 * slice's cost to others (the longest one of its statements or transactions kept PGlite's one
 * session, measured by the database thread: what a request arriving meanwhile waits for) moves the
 * size towards the one that keeps the session `targetMs`; rows cost what they cost on this machine,
 * under this load. On PostgreSQL nothing is measured and the size is `unmeasured` after the first.
 */
export class SliceSize {
  #size: number;
  readonly #unmeasured: number;
  readonly #min: number;
  readonly #max: number;
  readonly #targetMs: number;

  constructor(options: SliceSizeOptions) {
    if (!(options.min >= 1 && options.min <= options.initial && options.initial <= options.max))
      throw new RangeError("SliceSize needs 1 <= min <= initial <= max");
    this.#size = options.initial;
    this.#unmeasured = options.unmeasured ?? options.initial;
    this.#min = options.min;
    this.#max = options.max;
    this.#targetMs = options.targetMs ?? SLICE_TARGET_MS;
  }

  get size(): number {
    return this.#size;
  }

  /** Runs one slice of `size` rows and learns from what it cost the session. */
  async run<T>(slice: (size: number) => Promise<T>): Promise<T> {
    const size = this.#size;
    const { result, sessionMs } = await meterSession(() => slice(size));
    if (sessionMs !== null) this.observe(size, sessionMs);
    else this.#size = this.#unmeasured;
    return result;
  }

  /**
   * A slice of `size` rows kept the session `ms`: the next one aims at the target, moving at most
   * halfway down or doubling up per slice, so one slow slice (a checkpoint, a burst of requests)
   * does not collapse the size.
   */
  observe(size: number, ms: number): void {
    const ideal = ms > 0 ? (size * this.#targetMs) / ms : size * 2;
    const next = Math.min(size * 2, Math.max(size / 2, ideal));
    this.#size = Math.round(Math.min(this.#max, Math.max(this.#min, next)));
  }
}
