/** /reports/campaigns/headers shows the same list as /reports/campaigns (spec §2). */
export { default } from "./reports.campaigns";
