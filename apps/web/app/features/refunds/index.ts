/** Issue 13 point 6: credit refunds, the report of sends with their refund state and the claim. */
export { CreditRefundsTable } from "./components/credit-refunds-table";
