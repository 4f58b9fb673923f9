import type { ServerModule } from "../../platform/module.ts";
import { otpDeliveryJob } from "./jobs.ts";

/** One-time codes: issuing, checking and the delivery job. The only door into this module. */

export { grantReset, useResetGrant, voidCodes } from "./code-writes.ts";
export { issueAndQueueOtp } from "./enqueue-delivery.ts";
export { otpDeliveryJob } from "./jobs.ts";
export { verifyOtp } from "./otp-codes.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const otpModule: ServerModule = { jobs: [otpDeliveryJob] };
