import type { Tx } from "@sms/db";
import type { Locale } from "@sms/domain";
import type { AppDeps } from "../../platform/deps.ts";
import { seal } from "../../platform/seal.ts";
import { OTP_SEAL_PURPOSE, otpDeliveryJob } from "./jobs.ts";
import { type IssuedOtp, issueOtp } from "./otp-codes.ts";

export type IssueOtpInput = Omit<Parameters<typeof issueOtp>[2], "afterInsert">;

/**
 * What the destination receives for an issued code row:
 * - `code`: the code itself;
 * - `notice`: a "someone tried to use your address" notice instead (the address belongs to another
 *   account), counted against the same send quota as a code would be;
 * - `none`: nothing (an unknown account's password reset); a job is still queued.
 */
export type OtpSend = { kind: "code" } | { kind: "notice"; notice: "register" | "change" } | { kind: "none" };

/**
 * Issues a code and queues its delivery in the same transaction. The HTTP answer does not wait for
 * the gateway or the mail server, and every kind of send does the same work (one code row, one
 * job), so neither the answer, its timing nor the quota tells a taken address from a free one.
 */
export async function issueAndQueueOtp(
  deps: Pick<AppDeps, "db" | "jobs" | "config">,
  input: IssueOtpInput & { locale: Locale; send: OtpSend },
): Promise<IssuedOtp> {
  const { locale, send, ...issue } = input;
  return issueOtp(deps.db, deps.config.jwtSecret, {
    ...issue,
    afterInsert: (tx: Tx, otp) =>
      send.kind === "notice"
        ? enqueueNoticeDelivery(deps, otp.id, send.notice, locale, tx)
        : queueCode(deps, otp, { locale, deliver: send.kind === "code", tx }),
  });
}

async function queueCode(
  deps: Pick<AppDeps, "jobs" | "config">,
  otp: Pick<IssuedOtp, "id" | "code">,
  options: { locale: Locale; deliver: boolean; tx: Tx },
): Promise<void> {
  await deps.jobs.enqueue(
    otpDeliveryJob,
    {
      kind: "code",
      otpId: otp.id,
      sealedCode: seal(deps.config.jwtSecret, OTP_SEAL_PURPOSE, otp.code),
      locale: options.locale,
      deliver: options.deliver,
    },
    { tx: options.tx },
  );
}

/** Queues a "someone tried to use your address" notice for the quota row `otpId`. */
export async function enqueueNoticeDelivery(
  deps: Pick<AppDeps, "jobs">,
  otpId: string,
  notice: "register" | "change",
  locale: Locale,
  tx?: Tx,
): Promise<void> {
  await deps.jobs.enqueue(otpDeliveryJob, { kind: "notice", otpId, notice, locale }, tx ? { tx } : {});
}
