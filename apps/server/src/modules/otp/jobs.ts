import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { defineJob } from "../../jobs/define-job.ts";
import { unseal } from "../../platform/seal.ts";
import { deliverNotice, deliverOtp } from "./deliver.ts";

export const OTP_SEAL_PURPOSE = "otp-delivery";

export const ZOtpDeliveryPayload = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("code"),
    otpId: z.uuid(),
    sealedCode: z.string().min(1),
    locale: z.enum(["th", "en"]),
    /**
     * false for a code nobody may receive (an unknown account's reset, a decoy registration's taken
     * address): the job is queued all the same so the request does the same work either way.
     */
    deliver: z.boolean(),
  }),
  z.object({
    kind: z.literal("notice"),
    /** The quota row counted for the notice; it carries the channel and destination. */
    otpId: z.uuid(),
    notice: z.enum(["register", "change"]),
    locale: z.enum(["th", "en"]),
  }),
]);
export type TOtpDeliveryPayload = z.infer<typeof ZOtpDeliveryPayload>;

/**
 * Sends one code or notice by SMS or e-mail. Idempotent: `otp_codes.delivered_at` is set after
 * the hand-over, and a delivered or expired row is not sent again. A crash between the hand-over
 * and that update can send one duplicate of the same code, which is harmless.
 */
export const otpDeliveryJob = defineJob<TOtpDeliveryPayload>({
  name: "accounts.deliver-otp",
  payload: ZOtpDeliveryPayload,
  key: (p) => p.otpId,
  retry: { limit: 5, delaySeconds: 2, backoff: true },
  expireInSeconds: 60,
  batchSize: 20,
  pollingIntervalSeconds: 0.5,
  // A retry 2 s after a failed send, which no NOTIFY announces: a code is not left waiting on a backstop (ADR 124).
  wakeByNotify: false,
  async handler(payload, ctx) {
    const t = schema.otpCodes;
    const [row] = await ctx.db.select().from(t).where(eq(t.id, payload.otpId));
    if (!row || row.deliveredAt) return;
    if (payload.kind === "code") {
      if (!payload.deliver || row.consumedAt || row.expiresAt.getTime() <= Date.now()) return;
      const code = unseal(ctx.config.jwtSecret, OTP_SEAL_PURPOSE, payload.sealedCode);
      await deliverOtp(ctx, {
        channel: row.channel,
        destination: row.destination,
        code,
        refCode: row.refCode,
        locale: payload.locale,
      });
    } else {
      await deliverNotice(ctx, {
        channel: row.channel,
        destination: row.destination,
        kind: payload.notice,
        locale: payload.locale,
      });
    }
    await ctx.db.update(t).set({ deliveredAt: new Date() }).where(eq(t.id, row.id));
  },
});
