/** /reports/credit-refunds/headers shows the same list as /reports/credit-refunds (spec §2). */
export { default } from "./reports.credit-refunds";
