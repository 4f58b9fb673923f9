import { z } from "zod";
import { defineJob } from "../../jobs/define-job.ts";
import { rollAnalyticsDays } from "./analytics-rollups.ts";
import { DISPATCH_JOB_OPTIONS, dispatchChunkJob, dispatchSends, ZDispatchSends } from "./dispatch-chunk.ts";
import { maintainEngine } from "./maintain.ts";
import { compactRollups } from "./message-rollups.ts";

/**
 * Submits many small sends accepted together (dispatchSends): their messages are claimed, submitted
 * and recorded in shared slices with dispatch-chunk's exactly-once rules; a rerun after a crash
 * skips what was already claimed.
 */
export const dispatchSendsJob = defineJob({
  name: "engine.dispatch-sends",
  payload: ZDispatchSends,
  handler: (payload, context) => dispatchSends(payload, context),
  ...DISPATCH_JOB_OPTIONS,
  // A job is a few sends: many at once, or the hand-off waits behind the queue (bench:api: p99 17.6 s
  // with 4 at a time at ~750 OTP requests/s, 278 ms with 16).
  localConcurrency: (config) => config.engine.sendsConcurrency,
  // Up to 4 jobs a fetch, and a full fetch fetches again at once: one fetch per slot per 0.5 s
  // capped the hand-off at 32 jobs a second (a job per API batch), under 1,000 OTP requests/s (ADR 118).
  batchSize: 4,
  burstWhenBatchFull: true,
});

/** Hourly upkeep: partitions, unknown outcomes past the retry window, pruning (maintain.ts). */
export const maintainEngineJob = defineJob({
  name: "engine.maintain",
  payload: z.object({}),
  handler: async (_payload, context) => {
    const result = await maintainEngine(context.db);
    context.log.info(result, "engine maintenance");
  },
  key: () => "engine.maintain",
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  cron: { schedule: "17 * * * *", payload: {} },
});

/** Every 10 minutes: folds the rollups' delta rows (message-rollups.ts). */
export const compactRollupsJob = defineJob({
  name: "engine.compact-rollups",
  payload: z.object({}),
  handler: async (_payload, context) => {
    await compactRollups(context.db);
  },
  key: () => "engine.compact-rollups",
  retry: { limit: 2, delaySeconds: 60, backoff: false },
  cron: { schedule: "*/10 * * * *", payload: {} },
});

/** Every 5 minutes: counts the ended days (and the stale ones) for the delivery analytics (ADR 106). */
export const rollAnalyticsJob = defineJob({
  name: "engine.roll-analytics",
  payload: z.object({}),
  handler: async (_payload, context) => {
    const rolled = await rollAnalyticsDays(context.db);
    if (rolled > 0) context.log.info({ rolled }, "delivery analytics: days counted");
  },
  key: () => "engine.roll-analytics",
  retry: { limit: 2, delaySeconds: 60, backoff: false },
  cron: { schedule: "*/5 * * * *", payload: {} },
});

export const engineJobs = [
  dispatchChunkJob,
  dispatchSendsJob,
  maintainEngineJob,
  compactRollupsJob,
  rollAnalyticsJob,
];
