import { z } from "zod";
import { defineJob } from "../../jobs/define-job.ts";
import { DISPATCH_JOB_OPTIONS, dispatchChunk, dispatchChunkJob } from "./dispatch-chunk.ts";
import { maintainEngine } from "./maintain.ts";
import { compactRollups } from "./message-rollups.ts";

export const ZDispatchSends = z.object({
  acceptedAt: z.string().datetime({ offset: true }),
  campaigns: z
    .array(z.object({ id: z.number().int().positive(), recipients: z.number().int().positive() }))
    .min(1),
});

/**
 * Submits many small sends accepted together (dispatchSends): each send is dispatched as its one
 * chunk, in order, with dispatch-chunk's exactly-once rules; a rerun after a crash skips what was
 * already claimed.
 */
export const dispatchSendsJob = defineJob({
  name: "engine.dispatch-sends",
  payload: ZDispatchSends,
  handler: async (payload, context) => {
    for (const campaign of payload.campaigns) {
      await dispatchChunk(
        { campaignId: campaign.id, acceptedAt: payload.acceptedAt, fromSeq: 1, toSeq: campaign.recipients },
        context,
      );
    }
  },
  ...DISPATCH_JOB_OPTIONS,
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

export const engineJobs = [dispatchChunkJob, dispatchSendsJob, maintainEngineJob, compactRollupsJob];
