/**
 * Issue 13: a campaign from an uploaded CSV/XLSX file (/messages/files): upload with progress, the
 * phone column and the file's tags, the server's preview, the send. The feature's only door.
 */
export { FileCampaignForm } from "./components/file-campaign-form";
