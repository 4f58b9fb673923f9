import type { ServerModule } from "../../platform/module.ts";
import { settingsJobs } from "./jobs.ts";
import { settingsRoutes } from "./routes.ts";

/** The organization's alert settings and the alert jobs (issue 15 point 4). The only door into this module. */
export const settingsModule: ServerModule = { routes: settingsRoutes, jobs: settingsJobs };
