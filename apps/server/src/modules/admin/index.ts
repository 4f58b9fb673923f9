import type { ServerModule } from "../../platform/module.ts";
import { adminJobs } from "./jobs.ts";
import { adminRoutes } from "./routes.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const adminModule: ServerModule = { routes: adminRoutes, jobs: adminJobs };
