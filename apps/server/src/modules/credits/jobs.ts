import { z } from "zod";
import { defineJob } from "../../jobs/define-job.ts";
import { expireCredits } from "./expire-credits.ts";

/**
 * Every minute (Asia/Bangkok cron), credits whose expiry has passed lapse: the expiry is a moment,
 * so a minute's granularity expires them at the expiry time. Idempotent: a second run, or two
 * workers at once (rows are claimed with SKIP LOCKED), find nothing left to expire.
 */
export const expireCreditsJob = defineJob<{ run: "expire" }>({
  name: "credits.expire-balances",
  payload: z.object({ run: z.literal("expire") }),
  key: () => "expire-balances",
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  expireInSeconds: 300,
  cron: { schedule: "* * * * *", payload: { run: "expire" } },
  async handler(_payload, ctx) {
    const expired = await expireCredits(ctx.db);
    if (expired > 0) ctx.log.info({ expired }, "credits expired");
  },
});
