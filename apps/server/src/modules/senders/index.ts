import type { ServerModule } from "../../platform/module.ts";
import { sendersJobs } from "./jobs.ts";
import { sendersRoutes } from "./routes.ts";

/** Sender names: requests, the staff's queue, inactivity cancellation (issue 11). The only door into this module. */

export { checkSenderInactivity, type SenderInactivityResult } from "./check-sender-inactivity.ts";
export { assertOwnSender, findSendableSender, type SendableSender } from "./find-sendable-sender.ts";
export { senderDecisionMailJob, senderInactivityJob, sendersJobs } from "./jobs.ts";
export { markSenderUsed } from "./mark-sender-used.ts";
export { sendersRoutes } from "./routes.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const sendersModule: ServerModule = { routes: sendersRoutes, jobs: sendersJobs };
