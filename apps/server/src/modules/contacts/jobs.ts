import type { JobDefinition } from "../../jobs/define-job.ts";

/** The jobs of this module, listed in its manifest (index.ts). */
export const contactsJobs: readonly JobDefinition<never>[] = [];
