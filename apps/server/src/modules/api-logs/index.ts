import type { ServerModule } from "../../platform/module.ts";
import { apiLogsJobs } from "./jobs.ts";
import { apiLogsRoutes } from "./routes.ts";

/** The public API's request log (issue 27 point 3, ADR 92). The only door into this module. */

export { ApiCallLog, logApiCalls, noteApiCaller, noteApiError, noteApiMessages } from "./call-log.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const apiLogsModule: ServerModule = { routes: apiLogsRoutes, jobs: apiLogsJobs };
