import type { ServerModule } from "../../platform/module.ts";
import { expireCreditsJob } from "./jobs.ts";

/** The credit ledger: the one debit/credit API every feature uses (issue 10, DESIGN §5.6). */

export { expireCredits } from "./expire-credits.ts";
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

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const creditsModule: ServerModule = { jobs: [expireCreditsJob] };
