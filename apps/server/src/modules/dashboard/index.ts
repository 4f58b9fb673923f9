import type { ServerModule } from "../../platform/module.ts";
import { dashboardRoutes } from "./routes.ts";

/**
 * The dashboard (issue 15 point 1): balance, expiry, message figures from the engine's rollups,
 * latest campaigns and the getting-started checklist. The only door into this module.
 */
export const dashboardModule: ServerModule = { routes: dashboardRoutes };
