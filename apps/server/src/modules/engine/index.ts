import type { ServerModule } from "../../platform/module.ts";
import { engineJobs } from "./jobs.ts";
import { startReportProcessing } from "./report-listener.ts";

/** The message engine: dispatch, delivery reports, rollups, suppression (issue 12). The only door into this module. */
export { forgetAnalyticsOperators, rollAnalyticsDays } from "./analytics-rollups.ts";
export { dispatchAccepted, dispatchCampaign } from "./dispatch-campaign.ts";
export { dispatchChunk } from "./dispatch-chunk.ts";
export { dispatchSendsJob } from "./jobs.ts";
export { maintainEngine } from "./maintain.ts";
export { countQueuedSql } from "./message-rollups.ts";
export { createReportListener, startReportProcessing } from "./report-listener.ts";
/** Replies (ADR 100): the engine stores them; the inbox sends their keyword auto-replies through these (ADR 101). */
export {
  type AutoReplyOutcome,
  countAutoReplies,
  type DueAutoReply,
  dueAutoReplies,
  recordAutoReply,
  takeDueAutoReply,
} from "./store-inbound.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const engineModule: ServerModule = {
  jobs: engineJobs,
  // Delivery reports from the gateway, and the receipts that came before their parts were recorded.
  loop: (app) => startReportProcessing(app.smsGateway, app.db, app.log),
};
