import { z } from "zod";
import { defineJob, type JobDefinition } from "../../jobs/define-job.ts";
import { insertImport } from "./insert-import.ts";
import { parseImport } from "./parse-import.ts";

export interface ContactImportJob {
  importId: string;
}

const payload = z.object({ importId: z.uuid() });

/** Reads an uploaded file into staging rows and counts them (the preview). */
export const parseContactImportJob = defineJob<ContactImportJob>({
  name: "contact-imports.parse",
  payload,
  key: (p) => p.importId,
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  // A million-row file takes seconds; the margin covers a slow disk or S3.
  expireInSeconds: 900,
  batchSize: 1,
  handler: ({ importId }, ctx) => parseImport(importId, ctx),
});

/** Moves the valid staged rows of a confirmed import into the group. */
export const insertContactImportJob = defineJob<ContactImportJob>({
  name: "contact-imports.insert",
  payload,
  key: (p) => p.importId,
  retry: { limit: 3, delaySeconds: 10, backoff: true },
  expireInSeconds: 900,
  batchSize: 1,
  handler: ({ importId }, ctx) => insertImport(importId, ctx.db),
});

/** The jobs of this module, listed in its manifest (index.ts). */
export const contactImportsJobs = [
  parseContactImportJob,
  insertContactImportJob,
] as const satisfies readonly JobDefinition<ContactImportJob>[];
