import type { ServerModule } from "../../platform/module.ts";
import { otpDeliveryJob } from "./jobs.ts";

/** One-time codes: issuing, checking and the delivery job. The only door into this module. */

export { grantReset, useResetGrant, voidCodes } from "./code-writes.ts";
export { type IssueOtpInput, issueAndQueueOtp, type OtpSend } from "./enqueue-delivery.ts";
export { otpDeliveryJob } from "./jobs.ts";
export {
  type IssuedOtp,
  OTP_ACCOUNT_SMS_PER_DAY,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_AFTER_SECONDS,
  OTP_SEND_LIMIT,
  OTP_SEND_WINDOW_SECONDS,
  OTP_TTL_SECONDS,
  type OtpPurpose,
  type OtpRow,
  verifyOtp,
} from "./otp-codes.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const otpModule: ServerModule = { jobs: [otpDeliveryJob] };
