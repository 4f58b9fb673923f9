import type { ServerModule } from "../../platform/module.ts";
import { messageExportsJobs } from "./jobs.ts";
import { messageExportsRoutes } from "./routes.ts";

/**
 * Exports of the messages report (issue 15 point 3, ADR 0025): streamed CSV/XLSX of the report's
 * filter, and background exports written by a job to storage. The only door into this module.
 */
export const messageExportsModule: ServerModule = { routes: messageExportsRoutes, jobs: messageExportsJobs };
