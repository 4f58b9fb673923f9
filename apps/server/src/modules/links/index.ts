/**
 * Tracked short links (issue 13 point 4): the acceptance's tracked_links rows and per-recipient
 * texts (link-text.ts), the click route `GET /l/:token` (routes.ts, registered by app.ts outside
 * /api/v1), crawler detection, and the click counts of the reports. The only door into this module.
 */

export { type CampaignClicks, campaignClicks, campaignTracksLinks, clicksBySeq } from "./clicks.ts";
export { isLinkPreviewCrawler } from "./crawlers.ts";
export {
  codedText,
  createTrackedLinks,
  type LinkTracking,
  linkedTextSql,
  planLinkTracking,
  provisionalCodes,
} from "./link-text.ts";
export { type LinkRouteOptions, registerLinkRoutes } from "./routes.ts";
