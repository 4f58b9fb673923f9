/**
 * Tracked short links (issue 13 point 4, ADR 35): the acceptance's tracked_links rows and
 * per-recipient texts (link-text.ts) with keyed recipient parts (link-token.ts), the click route
 * `GET /l/:token` (routes.ts, registered by app.ts outside /api/v1) with its click limits, crawler
 * detection, and the click counts of the reports. The only door into this module.
 */

export { campaignClicks, campaignTracksLinks, clicksBySeq } from "./clicks.ts";
export {
  codedText,
  createTrackedLinks,
  deleteTrackedLinks,
  type LinkTracking,
  linkedTextSql,
  planLinkTracking,
  provisionalCodes,
} from "./link-text.ts";
export { newLinkTokenKey, recipientPart, recipientPartSql, seqOfPart } from "./link-token.ts";
export { registerLinkRoutes } from "./routes.ts";
