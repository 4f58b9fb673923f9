/**
 * Credit refunds (issue 13 point 6, spec §4 "Campaign refund"): a send's credits of undelivered
 * messages go back once, from 24 h to 30 days after sending. The only door into this module.
 */

export { getRefundState } from "./get-refund-state.ts";
export { listCreditRefunds } from "./list-credit-refunds.ts";
export { refundCampaign } from "./refund-campaign.ts";
export { refundMessage } from "./refund-message.ts";
export type { RefundClaim } from "./refund-send.ts";
export { refundsRoutes } from "./routes.ts";
export type { RefundViewer } from "./viewer.ts";
