import type { ServerModule } from "../../platform/module.ts";
import { engineJobs } from "./jobs.ts";
import { startReportProcessing } from "./report-listener.ts";

/** The message engine: dispatch, delivery reports, rollups, suppression (issue 12). The only door into this module. */
export { dispatchAccepted, dispatchCampaign } from "./dispatch-campaign.ts";
export { dispatchChunk } from "./dispatch-chunk.ts";
export { dispatchSendsJob } from "./jobs.ts";
export { maintainEngine } from "./maintain.ts";
export { countQueuedSql } from "./message-rollups.ts";
export { createReportListener, startReportProcessing } from "./report-listener.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const engineModule: ServerModule = {
  jobs: engineJobs,
  // Delivery reports from the gateway, and the receipts that came before their parts were recorded.
  loop: (app) => startReportProcessing(app.smsGateway, app.db, app.log),
};
