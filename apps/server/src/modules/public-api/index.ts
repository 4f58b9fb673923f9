import type { ServerModule } from "../../platform/module.ts";
import { publicApiJobs } from "./jobs.ts";

/** The public SMS and OTP API compatible with ThaiBulkSMS v2 (issue 14 point 3). The only door into this module. */

export { publicOtpRoutes } from "./otp-routes.ts";
export { publicApiRoutes } from "./routes.ts";
/** The SMS-pumping guard, also held by the customers' SMPP server (issue 27 point 5). */
export { guardPumpingBatch, type SafetyCaller } from "./safety.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const publicApiModule: ServerModule = { jobs: publicApiJobs };
