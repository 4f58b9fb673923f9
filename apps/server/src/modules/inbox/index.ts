import type { ServerModule } from "../../platform/module.ts";
import { sendDeps } from "../sending/index.ts";
import { inboxRoutes } from "./routes.ts";
import { startAutoReplies } from "./send-auto-replies.ts";

/**
 * The two-way inbox (issue 27 point 4, ADR 100 and 101): conversations by number and by send, the
 * keyword auto-rules and where replies are forwarded, and the loop that sends due auto-replies.
 * The engine stores the replies (its report listener). The only door into this module.
 */
export { sendAutoReply } from "./send-auto-replies.ts";

/** How often due auto-replies are looked for when none were waiting. */
const AUTO_REPLY_POLL_MS = 1000;

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const inboxModule: ServerModule = {
  routes: inboxRoutes,
  loop: (app) => startAutoReplies(sendDeps(app), app.log, AUTO_REPLY_POLL_MS),
};
