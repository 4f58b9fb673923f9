/**
 * Sends (issue 12 point 2): instant messages, campaigns to contacts, file campaigns, their preview,
 * acceptance (stored, charged and queued in one transaction) and reports. The only door into this module.
 */

export {
  type ApiBatchSend,
  ApiSendBatcher,
  type BatchAdmission,
  type BatchedApiSend,
} from "./accept-api-batch.ts";
export { type ApiSendInput, type ApiSendResult, acceptApiSend, findApiSend } from "./accept-api-send.ts";
export { acceptFileCampaign, type FileCampaignInput } from "./accept-file-campaign.ts";
export { ACCEPT_SLICE_ROWS, type AcceptedSend, type CampaignRow } from "./accept-send.ts";
export { groupsHoldMoreThan } from "./contact-recipients.ts";
export { acceptCampaign, type CampaignInput } from "./create-campaign.ts";
export { sweepAcceptancesJob } from "./discard-acceptance.ts";
export { markSendRefunded } from "./mark-refunded.ts";
export { type MessageFilter, messageWhere, resolveMessageFilter } from "./message-filter.ts";
export { type ContactSendInput, type ContactSendPlan, planContactSend } from "./plan-contact-send.ts";
export { previewFileCampaign } from "./preview-file-campaign.ts";
export type { CampaignFile } from "./read-file-recipients.ts";
export { type ReportViewer, reportViewerOf } from "./reports.ts";
export type { SendActor, SendDeps } from "./resolve-send.ts";
export { campaignsRoutes } from "./routes.ts";
export { type InstantMessageInput, sendInstantMessage } from "./send-instant-message.ts";
export { type MessageTally, tallyMessages } from "./summarize-messages.ts";
