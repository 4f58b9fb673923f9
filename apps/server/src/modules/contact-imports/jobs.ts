import type { JobDefinition } from "../../jobs/define-job.ts";

/** The jobs of this module, listed in jobs/registry.ts. */
export const contactImportsJobs: readonly JobDefinition<never>[] = [];
