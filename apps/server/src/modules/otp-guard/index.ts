import type { ServerModule } from "../../platform/module.ts";
import { otpGuardJobs } from "./jobs.ts";
import { otpGuardRoutes } from "./routes.ts";

export { checkOtpRequests, guardOtpRequest, type OtpGuardRequest, recordOtpBlocks } from "./guard.ts";

/**
 * The OTP fraud guard against SMS pumping (issue 28 point 2, ADR 98): the deny list, the anomaly
 * detection's holds and the request limits, and the back office's deny-list editor. The only door
 * into this module.
 */
export const otpGuardModule: ServerModule = { routes: otpGuardRoutes, jobs: otpGuardJobs };
