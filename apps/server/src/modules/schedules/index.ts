import type { ServerModule } from "../../platform/module.ts";
import { sendDeps } from "../sending/index.ts";
import { startScheduleFiring } from "./fire-schedules.ts";
import { schedulesRoutes } from "./routes.ts";

/**
 * Scheduled and recurring campaigns (issue 13 point 2): creation (checked as the campaigns module
 * checks a send), the list, detail and cancel, and the firing loop that accepts each occurrence's
 * campaign once. The only door into this module.
 */

export {
  type FireResult,
  type FiringDeps,
  fireDueSchedules,
  fireNextDue,
  startScheduleFiring,
} from "./fire-schedules.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const schedulesModule: ServerModule = {
  routes: schedulesRoutes,
  loop: (app) =>
    startScheduleFiring(
      Object.assign(sendDeps(app), { storage: app.storage, log: app.log }),
      app.config.schedules.pollMs,
    ),
};
