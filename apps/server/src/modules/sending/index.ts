import type { ServerModule } from "../../platform/module.ts";
import { sweepAcceptancesJob } from "./discard-acceptance.ts";
import { sendingRoutes } from "./routes.ts";

/**
 * Accepting sends (issue 12 point 2, ADR 68): instant messages, campaigns to contacts, file
 * campaigns and their previews, the public API's sends one by one and group-committed, all through
 * the one acceptance (`acceptSends`): stored, charged and queued in one transaction. The rows go
 * through `campaigns`, the dispatch through the engine. The only door into this module.
 */

export { ApiSendBatcher, type BatchAdmission } from "./accept-api-batch.ts";
export { type ApiSendInput, acceptApiSend, findApiSend } from "./accept-api-send.ts";
export { acceptFileCampaign, type StagedFileCampaign, stageFileCampaign } from "./accept-file-campaign.ts";
export { ACCEPT_SLICE_ROWS, type AcceptedSend } from "./accept-send.ts";
export { batchTimer } from "./batch-timings.ts";
export { groupsHoldMoreThan } from "./contact-recipients.ts";
export { acceptCampaign } from "./create-campaign.ts";
export { planContactSend } from "./plan-contact-send.ts";
export { previewFileCampaign } from "./preview-file-campaign.ts";
export type { CampaignFile } from "./read-file-recipients.ts";
export { type SendActor, type SendDeps, sendDepsIn } from "./resolve-send.ts";
export { sendDeps } from "./send-deps.ts";
export { sendInstantMessage } from "./send-instant-message.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const sendingModule: ServerModule = { routes: sendingRoutes, jobs: [sweepAcceptancesJob] };
