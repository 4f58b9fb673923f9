/**
 * Exports of the messages report (issue 15 point 3, ADR 0025): streamed CSV/XLSX of the report's
 * filter, and background exports written by a job to storage. The only door into this module.
 */
export { messageExportsJobs, pruneMessageExports, writeMessageExport } from "./jobs.ts";
export { messageExportsRoutes } from "./routes.ts";
