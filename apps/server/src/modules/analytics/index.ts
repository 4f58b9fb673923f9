import type { ServerModule } from "../../platform/module.ts";
import { analyticsRoutes } from "./routes.ts";

/**
 * Delivery analytics (issue 27 point 2, ADR 95): delivery rate and failure reasons over time by
 * campaign, sender and operator, read from the messages over bounded periods, and a number's
 * history across months. The only door into this module.
 */
export const analyticsModule: ServerModule = { routes: analyticsRoutes };
