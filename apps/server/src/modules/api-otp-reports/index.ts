import type { ServerModule } from "../../platform/module.ts";
import { apiOtpReportsRoutes } from "./routes.ts";

/** The report of the public API's OTP codes (issue 14 point 3). The only door into this module. */
export const apiOtpReportsModule: ServerModule = { routes: apiOtpReportsRoutes };
