import { appendFile } from "node:fs";

/**
 * Wall time of each stage of a group-committed batch of the public API (ADR 116), for `bench:api`:
 * with `API_BATCH_TIMINGS=<file>` in the API process's environment, every batch appends one JSON
 * line to the file (flushed once a second, asynchronously): its kind (`otp`, `sms`), size, the
 * batches in flight when it started, the requests' wait for it, and the milliseconds from its start
 * to each stage. Off (the default), `batchTimer` answers null and nothing is measured.
 */
export interface BatchTimer {
  /** The milliseconds since the batch started, under a stage's name (the last mark of a name wins). */
  mark(stage: string): void;
  /** Writes the batch's line. */
  done(extra: Record<string, number | string>): void;
}

const file = process.env.API_BATCH_TIMINGS;
let lines: string[] = [];
let flushing = false;

function flush(): void {
  if (!file || flushing || lines.length === 0) return;
  flushing = true;
  const text = lines.join("");
  lines = [];
  appendFile(file, text, () => {
    flushing = false;
  });
}

if (file) setInterval(flush, 1000).unref();

/** A timer for one batch started now, or null when timings are off. */
export function batchTimer(): BatchTimer | null {
  if (!file) return null;
  const start = performance.now();
  const at = Date.now();
  const marks: Record<string, number> = {};
  return {
    mark(stage) {
      marks[stage] = Math.round((performance.now() - start) * 100) / 100;
    },
    done(extra) {
      lines.push(`${JSON.stringify({ at, ...extra, ...marks })}\n`);
    },
  };
}
