/**
 * Issue 13 point 1: the campaign form (/messages/campaigns) with its preview step, and the review's
 * parts the file form shares. The feature's only door.
 */
export { CampaignForm } from "./components/campaign-form";
export { type PreviewRow, SendPreview, type SendPreviewProps } from "./components/campaign-preview";
export { SendActions, type SendActionsProps } from "./components/send-actions";
