/** The credit ledger: the one debit/credit API every feature uses (issue 10, DESIGN §5.6). */

export { countExpiredHolders, expireCredits } from "./expire-credits.ts";
export { expireCreditsJob } from "./jobs.ts";
export {
  adjust,
  balanceOf,
  type CoveredDebits,
  type CreditActor,
  type CreditChange,
  type CreditEntryType,
  coverDebits,
  credit,
  debit,
  type RecordedEntry,
  recordEntries,
} from "./ledger.ts";
export { type CreditEntryRef, creditReasonKey, creditSubjects } from "./subjects.ts";
