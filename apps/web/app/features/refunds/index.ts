/** Issue 13 point 6: credit refunds, the report of sends with their refund state and the claim. */

/** For the campaign report's claim button (issue 13 point 5). */
export { useClaimRefund } from "./api/claim-refund";
export { CreditRefundsTable } from "./components/credit-refunds-table";
