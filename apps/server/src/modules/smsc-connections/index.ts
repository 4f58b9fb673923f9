import type { ServerModule } from "../../platform/module.ts";
import { smscConnectionsJobs } from "./jobs.ts";
import { smscConnectionsRoutes } from "./routes.ts";

export { createConnectionSource } from "./source.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const smscConnectionsModule: ServerModule = {
  routes: smscConnectionsRoutes,
  jobs: smscConnectionsJobs,
};
