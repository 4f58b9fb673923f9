import { z } from "zod";
import { defineJob } from "../../jobs/define-job.ts";
import { detectOtpAnomalies } from "./detect.ts";
import { pruneOtpGuardCounters } from "./guard.ts";

/** Every minute: the prefixes whose verify conversion collapsed are held (detect.ts, ADR 98). */
export const detectOtpAnomaliesJob = defineJob({
  name: "otp-guard.detect",
  payload: z.object({}),
  handler: async (_payload, context) => {
    const held = await detectOtpAnomalies(context.db);
    if (held.length > 0) context.log.warn({ held }, "otp prefixes held for suspected pumping");
    await pruneOtpGuardCounters(context.db);
  },
  key: () => "otp-guard.detect",
  retry: { limit: 1, delaySeconds: 30, backoff: false },
  cron: { schedule: "* * * * *", payload: {} },
});

export const otpGuardJobs = [detectOtpAnomaliesJob];
