import type { ServerModule } from "../../platform/module.ts";
import { campaignsRoutes } from "./routes.ts";

/**
 * Sends as they are stored and reported (issue 12 point 2): the `campaigns` table's owner (its
 * writes in campaign-rows.ts, ADR 68), the reports of sends and messages, and the message filter
 * message exports share. Accepting a send is the `sending` module's. The only door into this module.
 */

export {
  type CampaignRow,
  claimUnpublished,
  deleteUnpublished,
  insertCampaignRows,
  markPaused,
  markSending,
  markSendRefunded,
  markSentWhenDone,
  type NewCampaignRow,
  setAcceptedCounts,
} from "./campaign-rows.ts";
export { findCampaign } from "./find-campaign.ts";
export { getCampaignSummary } from "./get-campaign-summary.ts";
export { type MessageFilter, messageWhere, resolveMessageFilter } from "./message-filter.ts";
export { presentCampaign, presentMessage } from "./present.ts";
export { type ReportViewer, reportViewerOf } from "./reports.ts";
export { tallyMessages } from "./summarize-messages.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const campaignsModule: ServerModule = { routes: campaignsRoutes };
