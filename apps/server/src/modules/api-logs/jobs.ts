import { z } from "zod";
import { defineJob } from "../../jobs/define-job.ts";
import { maintainApiLogs } from "./maintain.ts";

/** Hourly: the next days' partitions of the request log, and its 30-day retention (maintain.ts). */
export const maintainApiLogsJob = defineJob({
  name: "api-logs.maintain",
  payload: z.object({}),
  handler: async (_payload, context) => {
    const result = await maintainApiLogs(context.db);
    context.log.info(result, "api log upkeep");
  },
  key: () => "api-logs.maintain",
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  cron: { schedule: "23 * * * *", payload: {} },
});

export const apiLogsJobs = [maintainApiLogsJob];
