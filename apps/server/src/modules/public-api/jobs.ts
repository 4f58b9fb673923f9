import { z } from "zod";
import { defineJob } from "../../jobs/define-job.ts";
import { pruneSafetyRecords } from "./safety.ts";

/** Hourly: Idempotency-Key records past 24 hours and pumping-guard windows past their end (safety.ts). */
export const prunePublicApiJob = defineJob({
  name: "public-api.prune",
  payload: z.object({}),
  handler: async (_payload, context) => {
    await pruneSafetyRecords(context.db);
  },
  key: () => "public-api.prune",
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  cron: { schedule: "41 * * * *", payload: {} },
});

export const publicApiJobs = [prunePublicApiJob];
