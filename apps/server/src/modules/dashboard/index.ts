/**
 * The dashboard (issue 15 point 1): balance, expiry, message figures from the engine's rollups,
 * latest campaigns and the getting-started checklist. The only door into this module.
 */
export { type DashboardViewer, getDashboard } from "./get-dashboard.ts";
export { dashboardRoutes } from "./routes.ts";
