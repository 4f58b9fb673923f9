import type { ServerModule } from "../../platform/module.ts";
import { refundsRoutes } from "./routes.ts";

/**
 * Credit refunds (issue 13 point 6, spec §4 "Campaign refund"): a send's credits of undelivered
 * messages go back once, from 24 h to 30 days after sending. The only door into this module.
 */

export { getRefundState } from "./get-refund-state.ts";
export { refundCampaign } from "./refund-campaign.ts";
export type { RefundClaim } from "./refund-send.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const refundsModule: ServerModule = { routes: refundsRoutes };
