import type { ServerModule } from "../../platform/module.ts";
import { sendersJobs } from "./jobs.ts";
import { sendersRoutes } from "./routes.ts";

/** Sender names: requests, the staff's queue, inactivity cancellation (issue 11). The only door into this module. */

export { assertOwnSender, findSendableSender, type SendableSender } from "./find-sendable-sender.ts";
export { markSenderUsed } from "./mark-sender-used.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const sendersModule: ServerModule = { routes: sendersRoutes, jobs: sendersJobs };
