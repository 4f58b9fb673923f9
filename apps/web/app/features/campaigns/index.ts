/**
 * Issue 13 point 1: the campaign form (/messages/campaigns) with its preview step. The feature's
 * only door.
 */
export { CampaignForm } from "./components/campaign-form";
export { type PreviewRow, SendPreview, type SendPreviewProps } from "./components/campaign-preview";
