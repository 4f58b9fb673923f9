/**
 * Issue 13 point 1: the campaign form (/messages/campaigns) with its preview step, built on the
 * send parts of `~/features/messages`. The feature's only door.
 */
export { CampaignForm } from "./components/campaign-form";
