import type { ServerModule } from "../../platform/module.ts";
import { dashboardRoutes } from "./routes.ts";

/**
 * The dashboard (issue 15 point 1): balance, expiry, message figures from the engine's rollups,
 * latest campaigns and the getting-started checklist. The only door into this module.
 */
export { type DashboardViewer, getDashboard } from "./get-dashboard.ts";
export { dashboardRoutes } from "./routes.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const dashboardModule: ServerModule = { routes: dashboardRoutes };
