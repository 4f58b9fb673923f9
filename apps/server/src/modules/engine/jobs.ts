import { z } from "zod";
import { defineJob } from "../../jobs/define-job.ts";
import { dispatchChunk } from "./dispatch-chunk.ts";

export const ZDispatchChunk = z.object({
  campaignId: z.number().int().positive(),
  /** ISO time: the messages' partition key. */
  acceptedAt: z.string().datetime({ offset: true }),
  fromSeq: z.number().int().positive(),
  toSeq: z.number().int().positive(),
});
export type TDispatchChunk = z.infer<typeof ZDispatchChunk>;

/** Submits one chunk (~1,000 messages) of a campaign; see dispatch-chunk.ts for the exactly-once rules. */
export const dispatchChunkJob = defineJob({
  name: "engine.dispatch-chunk",
  payload: ZDispatchChunk,
  handler: (payload, context) => dispatchChunk(payload, context),
  retry: { limit: 20, delaySeconds: 5, backoff: true },
  expireInSeconds: 600,
});

export const engineJobs = [dispatchChunkJob];
