/** The credit ledger: the one debit/credit API every feature uses (issue 10, DESIGN §5.6). */
export {
  adjust,
  balanceOf,
  type CreditActor,
  type CreditChange,
  type CreditEntryType,
  credit,
  debit,
  type RecordedEntry,
  recordEntries,
} from "./ledger.ts";
