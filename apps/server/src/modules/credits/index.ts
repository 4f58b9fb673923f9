import type { ServerModule } from "../../platform/module.ts";
import { expireCreditsJob } from "./jobs.ts";

/** The credit ledger: the one debit/credit API every feature uses (issue 10, DESIGN §5.6). */

export { adjust, balanceOf, coverDebits, credit, debit, recordEntries } from "./ledger.ts";
export { creditReasonKey, creditSubjects } from "./subjects.ts";

/** This module as the app registers it (platform/module.ts); modules/index.ts lists it. */
export const creditsModule: ServerModule = { jobs: [expireCreditsJob] };
