/** Issue 13 point 5: campaign reports, the list of sends and one send's summary, refund and messages. */
export { CampaignReport } from "./components/campaign-report";
export { CampaignsReportTable } from "./components/campaigns-report-table";
